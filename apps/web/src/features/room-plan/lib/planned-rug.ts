import type { RugDetail } from '@knotwork/shared/schemas/catalogue';

/** What the room planner needs of a rug: its size and shape to draw it, its pictures to show it. */
export type PlannedRug = Pick<RugDetail, 'title' | 'widthCm' | 'lengthCm' | 'shape' | 'image' | 'images'>;
