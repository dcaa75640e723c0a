import type { MessageView } from '@portal/domain';
import type { AuthorRecord, MessageRecord } from '../db/repositories/messages';

/** What a message or a thread shows of an account: names, username and picture. */
export function presentAuthor(id: string, author: AuthorRecord): MessageView['account'] {
  let picture: { secure_url?: unknown } | undefined;
  try {
    picture = author.profilePicture
      ? (JSON.parse(author.profilePicture) as { secure_url?: unknown })
      : undefined;
  } catch {
    picture = undefined;
  }
  return {
    _id: id,
    name: { first: author.firstName, last: author.lastName },
    ...(typeof picture?.secure_url === 'string' && {
      profilePicture: { secure_url: picture.secure_url },
    }),
    user: { id: { username: author.username } },
  };
}

/** What a message of an erased account shows of it: no name, no picture. */
const ERASED: AuthorRecord = { firstName: '', lastName: '', username: '', profilePicture: null };

export function presentMessage(record: MessageRecord): MessageView {
  return {
    _id: record.id,
    body: record.author ? record.body : '',
    isPrivate: record.isPrivate,
    createDate: record.createdAt,
    account: presentAuthor(record.authorId, record.author ?? ERASED),
    ...(!record.author && { deleted: true as const }),
    ...(record.isPrivate && { thread: record.threadId }),
  };
}
