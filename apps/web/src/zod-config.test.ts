import { describe, expect, it } from 'vitest';
import './zod-config';
import { config, z } from 'zod';

describe('zod in the browser', () => {
  it('runs jitless (no `new Function` probe under the content security policy)', () => {
    expect(config().jitless).toBe(true);
    const schema = z.object({ a: z.string() });
    expect(schema.parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
