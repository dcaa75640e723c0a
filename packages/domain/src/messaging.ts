/**
 * Messaging needs the organisation to turn it on and its constraints to allow it: the one rule,
 * read by the server's message service and by the web app (whether to offer Messages at all).
 */
export const isMessagingOn = (settings: {
  enableMessaging: boolean;
  constraints: { messagingAllowed: boolean };
}): boolean => settings.enableMessaging && settings.constraints.messagingAllowed;
