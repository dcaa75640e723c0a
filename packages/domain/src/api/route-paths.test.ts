import { describe, expect, it } from 'vitest';
import { isRouteRequest, ROUTE_PATHS, routePattern, routeUrl } from './route-paths';
import { ROUTE_SCHEMAS } from './routes';
import { ADMIN_ROUTE_PATHS } from './admin-route-paths';
import { CERTIFICATE_ROUTE_PATHS } from './certificate-route-paths';
import { NOTIFICATION_ROUTE_PATHS } from './notification-route-paths';
import { STUDIO_ROUTE_PATHS } from './studio-route-paths';

describe('the route table', () => {
  it('gives every named path its schemas, and names each path once', () => {
    const named = [
      ...Object.keys(ROUTE_PATHS),
      ...Object.keys(STUDIO_ROUTE_PATHS),
      ...Object.keys(ADMIN_ROUTE_PATHS),
      ...Object.keys(CERTIFICATE_ROUTE_PATHS),
      ...Object.keys(NOTIFICATION_ROUTE_PATHS),
    ];
    expect(Object.keys(ROUTE_SCHEMAS).sort()).toEqual([...named].sort());
    expect(new Set(named).size).toBe(named.length);
  });

  it('keeps the studio’s and the console’s paths apart from those a learner’s first load carries', () => {
    expect(
      Object.values(ROUTE_PATHS).filter(
        (path) =>
          path.includes('/studio') ||
          path.includes('/admin/') ||
          path.includes('certificate') ||
          path.includes('notifications') ||
          path.includes('unsubscribe'),
      ),
    ).toEqual([]);
    expect(routeUrl('adminAudit', { org: 'o' }, { action: 'topic.' })).toBe(
      '/api/org/o/admin/audit?action=topic.',
    );
    expect(routeUrl('studioTopic', { org: 'o', topicId: 't' })).toBe('/api/org/o/studio/topic/t');
  });

  it('builds URLs: each path value encoded, the query values that have one', () => {
    expect(routeUrl('topic', { org: 'dough main', topicId: 'a/b' }, { locale: 'fr-CA' })).toBe(
      '/api/org/dough%20main/topic/a%2Fb?locale=fr-CA',
    );
    expect(routeUrl('search', { org: 'o' }, { keywords: 'two words', topicGroup: undefined })).toBe(
      '/api/org/o/search?keywords=two+words',
    );
    expect(routeUrl('grade', { org: 'o', topicId: 't', index: 0 })).toBe(
      '/api/org/o/topic/t/worksheet/0/grade',
    );
    expect(() => routeUrl('topic', { org: 'o' })).toThrow('{topicId}');
  });

  it('matches requests by method and path, not a neighbour of the path', () => {
    expect(isRouteRequest('messages', 'GET', '/api/org/o/userGroup/g/message?page=1')).toBe(true);
    expect(isRouteRequest('messages', 'POST', '/api/org/o/userGroup/g/message')).toBe(false);
    expect(isRouteRequest('messages', 'GET', '/api/org/o/userGroup/g/message/read')).toBe(false);
    expect(routePattern('contentSlash').test('/api/org/o/c1/content/?parent=p')).toBe(true);
    expect(routePattern('content').test('/api/org/o/c1/content/')).toBe(false);
  });
});
