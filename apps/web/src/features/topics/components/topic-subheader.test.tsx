import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMessagesPanel } from '../../../lib/messages-panel';
import { renderWithSession } from '../../../test/render-session';
import { sampleAccount } from '../../../test/sample-account';
import { sampleOrganisation } from '../../../test/sample-organisation';
import { TopicSubheader } from './topic-subheader';

afterEach(() => {
  vi.unstubAllGlobals();
});

const member = sampleAccount({ userGroups: [{ _id: 'cohort', name: 'Cohort', isAdmin: false }] });

function PanelState() {
  return <p>{useMessagesPanel().isOpen ? 'Panel open' : 'Panel closed'}</p>;
}

function renderSubheader(options: Parameters<typeof renderWithSession>[1]) {
  return renderWithSession(
    <>
      <TopicSubheader
        topicId="pricing"
        topicName="Pricing"
        entry={{ id: 'home', kind: 'home', to: '/topic/pricing' }}
      />
      <PanelState />
    </>,
    options,
  );
}

describe('TopicSubheader’s Messages toggle', () => {
  it('opens and closes the messages panel', () => {
    renderSubheader({ session: { account: member } });
    const toggle = screen.getByRole('button', { name: 'Messages' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByText('Panel open')).toBeDefined();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.getByText('Panel closed')).toBeDefined();
  });

  it('is not there when messaging is not offered', () => {
    const { unmount } = renderSubheader({ session: { account: sampleAccount() } });
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
    unmount();
    renderSubheader({
      session: { account: member },
      org: sampleOrganisation({ enableMessaging: false }),
    });
    expect(screen.queryByRole('button', { name: 'Messages' })).toBeNull();
  });
});
