import { createContext, useContext } from 'react';

/**
 * What the browser would tell but a server cannot read (issue 14's server rendering): the page's
 * origin, and whether it is drawn for a phone (the server guesses from the request's User-Agent).
 * In the browser the origin is the window's and the guess is the server's, answered by media
 * queries while the page hydrates so that the first render matches the server's HTML; the real
 * answer follows straight after.
 */
export interface ServerPage {
  origin: string;
  isPhone: boolean;
  /**
   * This render draws the page on the server, or hydrates that drawing: what the server draws
   * in one pass (a topic page and its Previous / Next) is there from the start. False once the
   * browser has taken over, and in a page drawn in the browser.
   */
  isDrawnOnServer: boolean;
}

export const ServerPageContext = createContext<ServerPage>({
  origin: '',
  isPhone: false,
  isDrawnOnServer: false,
});

export function useServerPage(): ServerPage {
  return useContext(ServerPageContext);
}
