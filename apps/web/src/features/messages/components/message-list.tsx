import type { MessageView } from '@portal/domain';
import { useLayoutEffect, useRef } from 'react';
import { MessageItem } from './message-item';

/** Within this many pixels of the end, the list counts as scrolled to the bottom. */
const BOTTOM_SLACK_PX = 32;

interface MessageListProps {
  /** Newest first, as the API and the cache hold them. */
  messages: readonly MessageView[];
  label: string;
  /** Changes when the learner sent a message: the list goes to the bottom to show it. */
  followKey: number;
}

/**
 * The messages as a chat: oldest at the top, newest at the bottom. It opens at the bottom and
 * stays there as messages arrive if it was there (docs/product-spec.md §4); a learner reading
 * older messages is not moved.
 */
export function MessageList({ messages, label, followKey }: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const followed = useRef(followKey);

  function handleScroll() {
    const list = ref.current;
    if (!list) return;
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
  }

  useLayoutEffect(() => {
    const list = ref.current;
    if (!list) return;
    if (followed.current !== followKey) {
      followed.current = followKey;
      atBottom.current = true;
    }
    if (atBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages, followKey]);

  return (
    // A log: new messages are announced politely; focusable so the keyboard can scroll it.
    <div
      ref={ref}
      className="messages-list"
      role="log"
      aria-label={label}
      tabIndex={0}
      onScroll={handleScroll}
    >
      <ol className="messages-list__items">
        {[...messages].reverse().map((message) => (
          <MessageItem key={message._id} message={message} />
        ))}
      </ol>
    </div>
  );
}
