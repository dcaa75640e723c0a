import type { GroupMember, GroupTopic, MemberProgress } from '@portal/domain';

/**
 * A member's worksheets of one topic, as the table shows them: the stored rows, or one empty
 * worksheet (nothing done yet) when the member never saved that topic.
 */
export function worksheetsOf(member: GroupMember, topic: GroupTopic): MemberProgress[] {
  const rows = member.progress.filter((p) => p.topicId === topic._id);
  if (rows.length) return rows;
  return [
    {
      topicId: topic._id,
      worksheetIndex: 0,
      completedPages: 0,
      pages: topic.pages,
      score: 0,
      total: topic.total,
    },
  ];
}

/** A share from 0 to 100 (a whole number), 0 when there is nothing to do. */
export const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((Math.min(part, whole) / whole) * 100) : 0;
