import { Suspense, useCallback, useMemo, useState } from 'react';
import type { AuthDialogProps } from '../../features/auth/components/auth-dialog';
import { lazyPage } from '../../lib/lazy-page';
import { loadLaterMessages } from '../i18n/messages';
import type { AuthDialogOptions, AuthMode } from '../../lib/session/session-context';

// The dialog's forms are their own chunk: the header only knows how to open it.
const AuthDialog = lazyPage<AuthDialogProps>(
  async () =>
    (
      await Promise.all([
        import('../../features/auth/components/auth-dialog'),
        // Its words are not among those the first load brings (i18n/messages.ts).
        loadLaterMessages(),
      ])
    )[0].AuthDialog,
);

interface DialogState {
  isOpen: boolean;
  /** Counts openings: each opening starts afresh, in the mode asked for. */
  opening: number;
  mode: AuthMode;
  onSignedIn?: () => void;
}

export function useAuthDialogState() {
  const [state, setState] = useState<DialogState>({ isOpen: false, opening: 0, mode: 'signup' });
  const open = useCallback((mode: AuthMode = 'signup', options: AuthDialogOptions = {}) => {
    void AuthDialog.preload();
    setState((previous) => ({
      isOpen: true,
      opening: previous.opening + 1,
      mode,
      onSignedIn: options.onSignedIn,
    }));
  }, []);
  const close = useCallback(() => setState((previous) => ({ ...previous, isOpen: false })), []);
  const preload = useCallback(() => void AuthDialog.preload(), []);
  return useMemo(() => ({ state, open, close, preload }), [state, open, close, preload]);
}

/** The auth dialog (sign up, log in, forgot password), once it has been asked for. */
export function AuthDialogHost({
  state: dialog,
}: {
  state: ReturnType<typeof useAuthDialogState>;
}) {
  const { state, close } = dialog;
  if (state.opening === 0) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog
        key={state.opening}
        open={state.isOpen}
        initialMode={state.mode}
        onClose={close}
        onSignedIn={state.onSignedIn}
      />
    </Suspense>
  );
}
