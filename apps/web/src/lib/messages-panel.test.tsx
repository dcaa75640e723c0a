import type { AccountView } from '@portal/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../app/i18n/messages';
import { VISITOR_SESSION } from '../test/render-session';
import { sampleAccount } from '../test/sample-account';
import { sampleOrganisation } from '../test/sample-organisation';
import { MessagesPanelProvider, useMessagesPanel } from './messages-panel';
import { OrganisationContext } from './organisation';
import { SessionContext } from './session/session-context';

function State() {
  const panel = useMessagesPanel();
  return (
    <button type="button" onClick={panel.toggle}>
      {panel.isAvailable ? (panel.isOpen ? 'open' : 'closed') : 'unavailable'}
    </button>
  );
}

function ui(account: AccountView | null) {
  const org = sampleOrganisation();
  return (
    <IntlProvider locale="en-US" messages={messagesFor('en-US')}>
      <OrganisationContext.Provider
        value={{
          org,
          bundles: [],
          locale: 'en-US',
          changeLocale: () => {},
          isChangingLocale: false,
        }}
      >
        <SessionContext.Provider value={{ ...VISITOR_SESSION, account, isSignedIn: !!account }}>
          <MessagesPanelProvider>
            <State />
          </MessagesPanelProvider>
        </SessionContext.Provider>
      </OrganisationContext.Provider>
    </IntlProvider>
  );
}

describe('MessagesPanelProvider', () => {
  it('closes the panel on logout, and it stays closed at the next sign-in', () => {
    const account = sampleAccount({ userGroups: [{ _id: 'g', name: 'G', isAdmin: false }] });
    const { rerender } = render(ui(account));
    fireEvent.click(screen.getByRole('button', { name: 'closed' }));
    expect(screen.getByRole('button', { name: 'open' })).toBeDefined();
    rerender(ui(null));
    expect(screen.getByRole('button', { name: 'unavailable' })).toBeDefined();
    rerender(ui(account));
    expect(screen.getByRole('button', { name: 'closed' })).toBeDefined();
  });
});
