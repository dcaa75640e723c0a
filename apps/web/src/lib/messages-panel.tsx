import { isMessagingOn, type AccountView, type OrganisationView } from '@portal/domain';
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useOrganisation } from './organisation';
import { useSession } from './session/session-context';

/**
 * Messaging is offered (docs/product-spec.md §2, §6) to a signed-in learner in at least one user
 * group, when the organisation has messaging on and its constraints allow it.
 */
export function canUseMessaging(org: OrganisationView, account: AccountView | null): boolean {
  return Boolean(account && account.userGroups.length > 0 && isMessagingOn(org));
}

/** The attribute every Messages toggle carries: focus comes back to one when the panel closes. */
export const MESSAGES_TOGGLE_ATTRIBUTE = 'data-messages-toggle';
/** The id of the panel, for the toggles' `aria-controls`. */
export const MESSAGES_PANEL_ID = 'messages-panel';

export interface MessagesPanelValue {
  /** Whether messaging is offered to this learner at all. */
  isAvailable: boolean;
  /** The panel is open (docs/product-spec.md §4: closed at first, closed on logout). */
  isOpen: boolean;
  open: () => void;
  /** Closes the panel and gives focus back to the toggle that opened it. */
  close: () => void;
  toggle: () => void;
}

const MessagesPanelContext = createContext<MessagesPanelValue | null>(null);

/**
 * The messages panel's open state, shared by the header's Messages link, the topic subheader's
 * toggle and the panel itself (features never import each other; the app provides this).
 */
export function MessagesPanelProvider({ children }: { children: ReactNode }) {
  const { org } = useOrganisation();
  const { account } = useSession();
  const isAvailable = canUseMessaging(org, account);
  const [isOpenState, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = isOpenState && isAvailable;

  // Logging out (or losing the last group) closes the panel; it stays closed when messaging
  // comes back (another sign-in). State adjusted while rendering, as React advises.
  const viewerKey = isAvailable && account ? account.user.id.username : null;
  const [panelViewer, setPanelViewer] = useState(viewerKey);
  if (panelViewer !== viewerKey) {
    setPanelViewer(viewerKey);
    setOpen(false);
  }

  const open = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement ? active : null;
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    const target = opener.current;
    opener.current = null;
    // What opened the panel, else any Messages toggle still on the page, else the content.
    const fallback = document.querySelector<HTMLElement>(`[${MESSAGES_TOGGLE_ATTRIBUTE}]`);
    if (target?.isConnected) target.focus();
    else if (fallback) fallback.focus();
    else document.getElementById('main-content')?.focus({ preventScroll: true });
  }, []);

  const toggle = useCallback(() => {
    if (isOpen) close();
    else open();
  }, [isOpen, open, close]);

  const value = useMemo(
    () => ({ isAvailable, isOpen, open, close, toggle }),
    [isAvailable, isOpen, open, close, toggle],
  );
  return <MessagesPanelContext.Provider value={value}>{children}</MessagesPanelContext.Provider>;
}

export function useMessagesPanel(): MessagesPanelValue {
  const value = useContext(MessagesPanelContext);
  if (!value) throw new Error('useMessagesPanel() must be used below MessagesPanelProvider');
  return value;
}
