import { linkify } from '../lib/linkify';

/**
 * A message body as the plain text it is: line breaks kept (CSS `white-space: pre-wrap`), http
 * and https addresses made into links that open in a new tab, never read as HTML.
 */
export function MessageBody({ body }: { body: string }) {
  return (
    <p className="message__body">
      {linkify(body).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
