import { z } from 'zod';

/**
 * One scored field of a page: whether the answer is right, and what it weighs. `isAnswered` is
 * `false` when the learner has given no answer yet (the row is then not correct, but not wrong
 * either); it is left out when there is an answer, so older answers read the same.
 */
export const scoreRowSchema = z.object({
  fieldId: z.string(),
  isCorrect: z.boolean(),
  scoreWeight: z.number(),
  isAnswered: z.literal(false).optional(),
});

/**
 * Scores of one topic and worksheet: `score` is the weight of the correct fields, `total` the
 * weight of all scored fields, and `summary` the scored fields by page id (pages without any
 * are left out). Correct answers are not part of it.
 */
export const scoresSchema = z.object({
  score: z.number(),
  total: z.number(),
  summary: z.record(z.string(), z.array(scoreRowSchema)),
});

export type ScoreRow = z.infer<typeof scoreRowSchema>;
export type Scores = z.infer<typeof scoresSchema>;
