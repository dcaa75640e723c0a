import type { FastifyRequest } from 'fastify';

/**
 * Every message the server sends a learner in an error body, in en-US and fr-CA, keyed by a
 * message id (issue 15, point 21). Services keep throwing their English text (their constants
 * are the ids' en-US values); the one error handler (http/errors.ts) answers it in the
 * request's locale. `{name}` marks a part that varies; it is carried over as it is (numbers,
 * field names) or, for durations, translated.
 */
export const SERVER_MESSAGES = {
  // Sign-in, sign-up, sessions
  loginFailed: {
    'en-US': 'Incorrect username, email or password',
    'fr-CA': 'Nom d’utilisateur, courriel ou mot de passe incorrect',
  },
  usernameTaken: {
    'en-US': 'That username is already taken.',
    'fr-CA': 'Ce nom d’utilisateur est déjà pris.',
  },
  emailTaken: {
    'en-US': 'That email already has an account.',
    'fr-CA': 'Ce courriel a déjà un compte.',
  },
  loginTaken: {
    'en-US': 'That username or email already has an account.',
    'fr-CA': 'Ce nom d’utilisateur ou ce courriel a déjà un compte.',
  },
  inviteOnly: {
    'en-US': 'Sign up is by invitation only for this organisation.',
    'fr-CA': 'L’inscription se fait sur invitation seulement dans cette organisation.',
  },
  inviteInvalid: {
    'en-US': 'This invitation is not valid or has already been used.',
    'fr-CA': 'Cette invitation n’est pas valide ou a déjà été utilisée.',
  },
  alreadyMember: {
    'en-US': 'You are already a member of this group.',
    'fr-CA': 'Vous êtes déjà membre de ce groupe.',
  },
  resetLinkInvalid: {
    'en-US': 'This password reset link is invalid or has expired. Ask for a new one.',
    'fr-CA':
      'Ce lien de réinitialisation du mot de passe n’est pas valide ou a expiré. Demandez-en un nouveau.',
  },
  ssoAccount: {
    'en-US': 'This account signs in with your organisation’s single sign-on.',
    'fr-CA': 'Ce compte se connecte par l’authentification unique de votre organisation.',
  },
  signInRequired: {
    'en-US': 'You must be signed in to do this.',
    'fr-CA': 'Vous devez être connecté pour faire ceci.',
  },
  sessionEnded: {
    'en-US': 'Your session has ended. Please sign in again.',
    'fr-CA': 'Votre session a pris fin. Veuillez vous connecter de nouveau.',
  },
  tooManyAttempts: {
    'en-US': 'Too many attempts. Please wait {after} and try again.',
    'fr-CA': 'Trop de tentatives. Patientez {after}, puis réessayez.',
  },
  // Single sign-on
  loginTokenNotFound: {
    'en-US': 'Login token not found.',
    'fr-CA': 'Jeton de connexion introuvable.',
  },
  ssoExpired: {
    'en-US': 'This sign-in took too long. Please try again.',
    'fr-CA': 'Cette connexion a pris trop de temps. Veuillez réessayer.',
  },
  ssoOtherBrowser: {
    'en-US': 'This sign-in was started in another browser. Please try again.',
    'fr-CA': 'Cette connexion a été commencée dans un autre navigateur. Veuillez réessayer.',
  },
  ssoNoFlowCookie: {
    'en-US':
      'This sign-in was not started in this browser, so it cannot finish here. Please start it again from the login page.',
    'fr-CA':
      'Cette connexion n’a pas été commencée dans ce navigateur : elle ne peut pas se terminer ici. Veuillez la recommencer depuis la page de connexion.',
  },
  ssoLinkRequired: {
    'en-US':
      'An account with this email already exists. To use single sign-on with it, log in with your password first, then link the two.',
    'fr-CA':
      'Un compte utilise déjà ce courriel. Pour y utiliser l’authentification unique, connectez-vous d’abord avec votre mot de passe, puis liez les deux.',
  },
  ssoLinkedElsewhere: {
    'en-US': 'This single sign-on identity is already linked to another account.',
    'fr-CA': 'Cette identité d’authentification unique est déjà liée à un autre compte.',
  },
  noSsoGroup: {
    'en-US': 'This user group has no single sign-on.',
    'fr-CA': 'Ce groupe d’utilisateurs n’a pas d’authentification unique.',
  },
  ssoUnavailable: {
    'en-US': 'Single sign-on is not available for this group at the moment.',
    'fr-CA': 'L’authentification unique n’est pas disponible pour ce groupe en ce moment.',
  },
  ssoRefused: {
    'en-US': 'The sign-in provider refused the sign-in.',
    'fr-CA': 'Le fournisseur d’authentification a refusé la connexion.',
  },
  ssoRefusedWithReason: {
    'en-US': 'The sign-in provider refused the sign-in. ({reason})',
    'fr-CA': 'Le fournisseur d’authentification a refusé la connexion. ({reason})',
  },
  ssoNotVerified: {
    'en-US': 'The sign-in provider’s answer could not be verified.',
    'fr-CA': 'La réponse du fournisseur d’authentification n’a pas pu être vérifiée.',
  },
  ssoEmailUnverified: {
    'en-US':
      'An account with this email already exists, and the sign-in provider has not verified the email, so the two cannot be joined.',
    'fr-CA':
      'Un compte utilise déjà ce courriel, et le fournisseur d’authentification ne l’a pas vérifié : les deux ne peuvent pas être réunis.',
  },
  ssoEmailOtherSso: {
    'en-US': 'An account with this email already exists and signs in another way.',
    'fr-CA': 'Un compte utilise déjà ce courriel et se connecte d’une autre façon.',
  },
  // Organisations, topics, pages
  noOrganisation: {
    'en-US': 'No organisation at this address',
    'fr-CA': 'Aucune organisation à cette adresse',
  },
  topicNotFound: {
    'en-US': 'Page not found, please select another topic to continue',
    'fr-CA': 'Page introuvable, veuillez choisir un autre sujet pour continuer',
  },
  contentNotFound: { 'en-US': 'Content not found', 'fr-CA': 'Contenu introuvable' },
  privateTopicSignIn: {
    'en-US': 'Sign in to open this topic.',
    'fr-CA': 'Connectez-vous pour ouvrir ce sujet.',
  },
  privateTopicNoGrant: {
    'en-US': 'This topic is for members of a group that has access to it.',
    'fr-CA': 'Ce sujet est réservé aux membres d’un groupe qui y a accès.',
  },
  generalOneWorksheet: {
    'en-US': 'The general topic has one worksheet only.',
    'fr-CA': 'Le sujet général n’a qu’une seule feuille de travail.',
  },
  noSuchWorksheet: {
    'en-US': 'There is no worksheet {number} in this topic.',
    'fr-CA': 'Ce sujet n’a pas de feuille de travail {number}.',
  },
  // Workbook
  workbookBusy: {
    'en-US': 'The workbook is being saved from elsewhere at this moment; try again.',
    'fr-CA': 'Le cahier est en cours d’enregistrement ailleurs en ce moment; réessayez.',
  },
  tooManyWorksheets: {
    'en-US':
      'A topic may have {atMost}; this save would give more to {topics}. Remove a worksheet first.',
    'fr-CA':
      'Un sujet peut avoir {atMost}; cet enregistrement en donnerait plus à {topics}. Supprimez d’abord une feuille de travail.',
  },
  // Messages
  messagingOff: {
    'en-US': 'Messaging is turned off in this organisation.',
    'fr-CA': 'La messagerie est désactivée dans cette organisation.',
  },
  membersPostPrivately: {
    'en-US':
      'In this organisation, members can only send private messages to the group’s administrators.',
    'fr-CA':
      'Dans cette organisation, les membres peuvent seulement envoyer des messages privés aux administrateurs du groupe.',
  },
  emptyMessage: { 'en-US': 'The message is empty.', 'fr-CA': 'Le message est vide.' },
  longMessage: {
    'en-US': 'The message is longer than {max} characters.',
    'fr-CA': 'Le message dépasse {max} caractères.',
  },
  threadIsPrivate: {
    'en-US': 'An answer in a member’s thread is a private message.',
    'fr-CA': 'Une réponse dans la conversation d’un membre est un message privé.',
  },
  threadNotFound: {
    'en-US': 'This group has no such member or thread.',
    'fr-CA': 'Ce groupe n’a pas ce membre ou cette conversation.',
  },
  answerInThreadAdminsOnly: {
    'en-US': 'Only the group’s administrators can answer in another member’s thread.',
    'fr-CA':
      'Seuls les administrateurs du groupe peuvent répondre dans la conversation d’un autre membre.',
  },
  livePaused: {
    'en-US':
      'Live messages are paused for a moment. New messages still appear within a few seconds.',
    'fr-CA':
      'Les messages en direct sont suspendus pour un moment. Les nouveaux messages s’affichent quand même en quelques secondes.',
  },
  notAMember: {
    'en-US': 'You are not a member of this group.',
    'fr-CA': 'Vous n’êtes pas membre de ce groupe.',
  },
  notAnAdmin: {
    'en-US': 'Only the administrators of this group can do this.',
    'fr-CA': 'Seuls les administrateurs de ce groupe peuvent faire ceci.',
  },
  // Group administration
  groupNotFound: { 'en-US': 'Group not found', 'fr-CA': 'Groupe introuvable' },
  memberNotFound: {
    'en-US': 'This learner is not a member of this group.',
    'fr-CA': 'Cette personne n’est pas membre de ce groupe.',
  },
  inviteNotAddressed: {
    'en-US': 'This invitation is not addressed to anyone yet.',
    'fr-CA': 'Cette invitation n’est encore adressée à personne.',
  },
  topicNotInGroup: {
    'en-US': 'This topic is not one of the group’s topics.',
    'fr-CA': 'Ce sujet ne fait pas partie des sujets du groupe.',
  },
  worksheetNotFound: {
    'en-US': 'There is no such worksheet.',
    'fr-CA': 'Cette feuille de travail n’existe pas.',
  },
  adminNotRemovable: {
    'en-US': 'An administrator of the group cannot be removed here.',
    'fr-CA': 'Un administrateur du groupe ne peut pas être retiré ici.',
  },
  pasteEmails: {
    'en-US': 'Paste at least one email address.',
    'fr-CA': 'Collez au moins une adresse courriel.',
  },
  tooManyEmails: {
    'en-US': 'At most {max} email addresses at once.',
    'fr-CA': 'Au plus {max} adresses courriel à la fois.',
  },
  atMostAddresses: {
    'en-US': 'must hold at most {max} addresses',
    'fr-CA': 'doit contenir au plus {max} adresses',
  },
  // Store
  bundleNotFound: { 'en-US': 'Bundle not found', 'fr-CA': 'Ensemble de cours introuvable' },
  alreadyPurchased: {
    'en-US': 'Bundle has already been purchased',
    'fr-CA': 'Cet ensemble de cours a déjà été acheté',
  },
  orderNotFound: { 'en-US': 'Order not found', 'fr-CA': 'Commande introuvable' },
  orderNotPayable: {
    'en-US': 'This order can no longer be paid.',
    'fr-CA': 'Cette commande ne peut plus être payée.',
  },
  orderAlreadyPaid: {
    'en-US': 'A paid order cannot be cancelled.',
    'fr-CA': 'Une commande payée ne peut pas être annulée.',
  },
  noLocalCheckout: {
    'en-US': 'This site takes payments through its payment provider.',
    'fr-CA': 'Ce site reçoit les paiements par son fournisseur de paiement.',
  },
  noStripe: {
    'en-US': 'Stripe payments are not configured on this site.',
    'fr-CA': 'Les paiements Stripe ne sont pas configurés sur ce site.',
  },
  inviteNotFound: { 'en-US': 'Invitation not found', 'fr-CA': 'Invitation introuvable' },
  inviteTaken: {
    'en-US': 'This invitation has already been used or revoked.',
    'fr-CA': 'Cette invitation a déjà été utilisée ou révoquée.',
  },
  // Analytics
  eventUnknownTopic: {
    'en-US': 'The event names a topic or page this organisation does not have.',
    'fr-CA': 'L’événement nomme un sujet ou une page que cette organisation n’a pas.',
  },
  notATopicHere: {
    'en-US': 'is not a topic of this organisation',
    'fr-CA': 'n’est pas un sujet de cette organisation',
  },
  notAPageHere: {
    'en-US': 'is not a page of this topic',
    'fr-CA': 'n’est pas une page de ce sujet',
  },
  // Account basics (issue 24)
  currentPasswordWrong: {
    'en-US': 'Your current password is not right.',
    'fr-CA': 'Votre mot de passe actuel n’est pas le bon.',
  },
  isNotRight: { 'en-US': 'is not right', 'fr-CA': 'n’est pas le bon' },
  emailLinkInvalid: {
    'en-US': 'This email confirmation link is invalid or has expired. Ask for a new one.',
    'fr-CA':
      'Ce lien de confirmation de courriel n’est pas valide ou a expiré. Demandez-en un nouveau.',
  },
  ssoEmail: {
    'en-US':
      'The email of this account comes from your organisation’s single sign-on; change it there.',
    'fr-CA':
      'Le courriel de ce compte vient de l’authentification unique de votre organisation; changez-le à cet endroit.',
  },
  fromSingleSignOn: {
    'en-US': 'comes from your single sign-on',
    'fr-CA': 'vient de votre authentification unique',
  },
  sameEmail: { 'en-US': 'That is already your email.', 'fr-CA': 'C’est déjà votre courriel.' },
  isAlreadyYourEmail: {
    'en-US': 'is already your email',
    'fr-CA': 'est déjà votre courriel',
  },
  mustBePhone: {
    'en-US': 'must be a phone number',
    'fr-CA': 'doit être un numéro de téléphone',
  },
  // Uploads and profile
  noSuchUpload: { 'en-US': 'No such upload', 'fr-CA': 'Téléversement introuvable' },
  profilePictureImage: {
    'en-US': 'The profile picture must be an image.',
    'fr-CA': 'La photo de profil doit être une image.',
  },
  tooManyUploads: {
    'en-US': 'You have uploaded too many files in the last hour. Please try again later.',
    'fr-CA':
      'Vous avez téléversé trop de fichiers au cours de la dernière heure. Veuillez réessayer plus tard.',
  },
  emptyFile: { 'en-US': 'The file is empty.', 'fr-CA': 'Le fichier est vide.' },
  fileType: {
    'en-US':
      'File type must be an image (PNG, JPEG, GIF, WebP), a PDF, an office document, or plain text (TXT, CSV).',
    'fr-CA':
      'Le type de fichier doit être une image (PNG, JPEG, GIF, WebP), un PDF, un document de bureautique ou du texte brut (TXT, CSV).',
  },
  fileTooLarge: {
    'en-US': 'File is larger than {max} bytes',
    'fr-CA': 'Le fichier dépasse {max} octets',
  },
  tooManyFiles: { 'en-US': 'Too many files', 'fr-CA': 'Trop de fichiers' },
  chooseFile: {
    'en-US': 'Choose a file to upload.',
    'fr-CA': 'Choisissez un fichier à téléverser.',
  },
  multipartRequired: {
    'en-US': 'Send the file as multipart/form-data.',
    'fr-CA': 'Envoyez le fichier en multipart/form-data.',
  },
  uploadPresetRequired: {
    'en-US': 'upload_preset is required',
    'fr-CA': 'upload_preset est obligatoire',
  },
  uploadQuota: {
    'en-US': 'You have uploaded too many files in the last hour. Please try again later.',
    'fr-CA':
      'Vous avez téléversé trop de fichiers au cours de la dernière heure. Veuillez réessayer plus tard.',
  },
  uploadOverQuota: {
    'en-US': 'This file would take you past your upload limit of {max} MB per hour.',
    'fr-CA': 'Ce fichier vous ferait dépasser votre limite de téléversement de {max} Mo par heure.',
  },
  addressUploadQuota: {
    'en-US':
      'Too much has been uploaded from your network in the last hour. Please try again later.',
    'fr-CA':
      'Trop de fichiers ont été téléversés depuis votre réseau au cours de la dernière heure. Veuillez réessayer plus tard.',
  },
  addressOverQuota: {
    'en-US': 'This file would take your network past its upload limit of {max} MB per hour.',
    'fr-CA':
      'Ce fichier ferait dépasser à votre réseau sa limite de téléversement de {max} Mo par heure.',
  },
  overUploadLimit: {
    'en-US': 'is over your upload limit',
    'fr-CA': 'dépasse votre limite de téléversement',
  },
  paymentsUnavailable: {
    'en-US': 'The payment provider cannot be reached. Please try again in a moment.',
    'fr-CA': 'Le fournisseur de paiement est injoignable. Veuillez réessayer dans un moment.',
  },
  // Any request
  databaseUnavailable: {
    'en-US': 'The database is not answering. Please try again in a moment.',
    'fr-CA': 'La base de données ne répond pas. Veuillez réessayer dans un moment.',
  },
  shuttingDown: {
    'en-US': 'The server is shutting down.',
    'fr-CA': 'Le serveur est en cours d’arrêt.',
  },
  invalidField: {
    'en-US': 'Invalid {field}: {reason}',
    'fr-CA': 'Valeur non valide ({field}) : {reason}',
  },
  invalidRequest: { 'en-US': 'Invalid request', 'fr-CA': 'Requête non valide' },
  bodyTooLarge: {
    'en-US': 'The request body is too large.',
    'fr-CA': 'Le contenu de la requête est trop volumineux.',
  },
  internalError: {
    'en-US': 'An internal error occurred. Please try again later.',
    'fr-CA': 'Une erreur interne est survenue. Veuillez réessayer plus tard.',
  },
  // What errfor says of a field
  noNulCharacter: {
    'en-US': 'must not contain a NUL character',
    'fr-CA': 'ne doit pas contenir de caractère NUL',
  },
  isRequired: { 'en-US': 'is required', 'fr-CA': 'est obligatoire' },
  isAlreadyTaken: { 'en-US': 'is already taken', 'fr-CA': 'est déjà pris' },
  alreadyHasAccount: { 'en-US': 'already has an account', 'fr-CA': 'a déjà un compte' },
  isNotValid: { 'en-US': 'is not valid', 'fr-CA': 'n’est pas valide' },
  hasBeenUsed: { 'en-US': 'has been used', 'fr-CA': 'a déjà été utilisée' },
  isEmpty: { 'en-US': 'is empty', 'fr-CA': 'est vide' },
  needsPrivate: { 'en-US': 'needs isPrivate: true', 'fr-CA': 'exige isPrivate: true' },
  notAMemberHere: {
    'en-US': 'is not a member of this group',
    'fr-CA': 'n’est pas membre de ce groupe',
  },
  mustNotBeEmpty: { 'en-US': 'must not be empty', 'fr-CA': 'ne doit pas être vide' },
  mustBeImage: { 'en-US': 'must be an image', 'fr-CA': 'doit être une image' },
  typeNotAccepted: {
    'en-US': 'has a type that is not accepted',
    'fr-CA': 'a un type qui n’est pas accepté',
  },
  oneFileAtATime: { 'en-US': 'only one file at a time', 'fr-CA': 'un seul fichier à la fois' },
  atMostCharacters: {
    'en-US': 'must be at most {max} characters',
    'fr-CA': 'doit compter au plus {max} caractères',
  },
  atMostWorksheet: {
    'en-US': 'at most {max} worksheet',
    'fr-CA': 'au plus {max} feuille de travail',
  },
  atMostWorksheets: {
    'en-US': 'at most {max} worksheets',
    'fr-CA': 'au plus {max} feuilles de travail',
  },
  notAnUpload: {
    'en-US': 'is not one of your uploads',
    'fr-CA': 'ne fait pas partie de vos téléversements',
  },
} as const satisfies Record<string, Record<ServerLocale, string>>;

export type ServerLocale = 'en-US' | 'fr-CA';
export type ServerMessageId = keyof typeof SERVER_MESSAGES;

/** Durations as the rate limiter writes them ("1 minute", "30 seconds", "2 minute(s)"). */
function translateDuration(text: string, locale: ServerLocale): string {
  if (locale === 'en-US') return text;
  return text.replace(/\bsecond/g, 'seconde').replace(/\bhour/g, 'heure');
}

interface Matcher {
  id: ServerMessageId;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, ServerMessageId>();
const templates: Matcher[] = [];
for (const [id, texts] of Object.entries(SERVER_MESSAGES) as [
  ServerMessageId,
  Record<ServerLocale, string>,
][]) {
  const english = texts['en-US'];
  const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
  if (names.length === 0) {
    exact.set(english, id);
    continue;
  }
  const source = english
    .split(/\{\w+\}/)
    .map(escapeRegExp)
    .join('(.+?)');
  templates.push({ id, pattern: new RegExp(`^${source}$`, 's'), names });
}

/** The id of an English server message, and the values of its `{…}` parts; null if unknown. */
export function findServerMessage(
  english: string,
): { id: ServerMessageId; values: Record<string, string> } | null {
  const id = exact.get(english);
  if (id) return { id, values: {} };
  for (const matcher of templates) {
    const match = matcher.pattern.exec(english);
    if (!match) continue;
    const values: Record<string, string> = {};
    matcher.names.forEach((name, i) => (values[name] = match[i + 1] ?? ''));
    return { id: matcher.id, values };
  }
  return null;
}

/** A server message in `locale`; an unknown message is answered as it is. */
export function translateServerMessage(english: string, locale: ServerLocale): string {
  if (locale === 'en-US') return english;
  const found = findServerMessage(english);
  if (!found) return english;
  return SERVER_MESSAGES[found.id][locale].replace(/\{(\w+)\}/g, (_all, name: string) => {
    const value = found.values[name] ?? '';
    if (name === 'after') return translateDuration(value, locale);
    return translateServerMessage(value, locale);
  });
}

/**
 * The locale of the learner who sent `request`: the `locale` query, else the first supported
 * language of Accept-Language (the web app sends the locale it shows), else en-US.
 */
export function requestLocale(request: FastifyRequest): ServerLocale {
  const query = request.query as { locale?: unknown } | undefined;
  const fromQuery = typeof query?.locale === 'string' ? supported(query.locale) : null;
  if (fromQuery) return fromQuery;
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en-US';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = supported(entry.tag);
    if (locale) return locale;
  }
  return 'en-US';
}

function supported(tag: string): ServerLocale | null {
  const lower = tag.toLowerCase();
  if (lower.startsWith('fr')) return 'fr-CA';
  if (lower.startsWith('en')) return 'en-US';
  return null;
}
