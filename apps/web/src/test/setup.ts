import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadCatalog } from '../app/i18n/messages';

// The app loads a catalog other than en-US when its locale is chosen; tests speak it at once.
await loadCatalog('fr-CA');

// Screens load their code lazily: on a busy two-core machine the first import can take over 1 s.
configure({ asyncUtilTimeout: 3_000 });

// jsdom has <dialog> without its methods; these follow the browser closely enough for our tests.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.removeAttribute('style');
  document.head.querySelectorAll('meta[name^="portal-"]').forEach((meta) => meta.remove());
});
