import type { ConditionGrade } from '@knotwork/shared/constants/catalogue';

/** Sentences a specialist writes in a condition report, by grade; the generator picks two to four. */
export const CONDITION_SENTENCES: Record<ConditionGrade, readonly string[]> = {
  excellent: [
    'Full, even pile throughout.',
    'Original selvedges and kilim ends intact.',
    'No repairs, no restoration, no moth.',
    'Colours clean and unfaded; no dye run.',
    'Professionally hand-washed and ready to lay.',
    'Lies flat with square corners.',
  ],
  veryGood: [
    'Good, even pile with light wear consistent with age.',
    'Minor end losses, secured with an overcast.',
    'Selvedges partly rebound in matching wool.',
    'A few small areas of expert reknotting, only visible from the back.',
    'Professionally cleaned on arrival.',
    'Slight, even fading to the reds, as expected.',
    'Light oxidation of the dark brown outlines, giving a subtle relief.',
  ],
  good: [
    'Even low pile in the field, fuller in the borders.',
    'Minor end losses; both ends secured.',
    'Selvedges rebound.',
    'Small areas of old reknotting, skilfully done.',
    'Light wear to the centre where the rug was walked on most.',
    'A faint water mark to one corner, stable.',
    'Professionally cleaned.',
    'Corrosion of the dark brown dye, as is typical of the period.',
  ],
  fair: [
    'Areas of low pile to the knots in the field.',
    'Ends reduced by a few centimetres and secured.',
    'Several old repairs, some visible.',
    'A small patch of moth damage near one end, treated.',
    'Some colour run from an old wash.',
    'Sides rebound; one corner slightly curled.',
  ],
  worn: [
    'Overall low pile, the foundation visible in places.',
    'Losses to both ends and an old sewn repair across one corner.',
    'Decorative as found: a rug to enjoy for its colour and drawing rather than its pile.',
    'Worn evenly, which gives it the look many designers want.',
  ],
};

/** How condition weighs on value, relative to excellent. */
export const CONDITION_VALUE: Record<ConditionGrade, number> = {
  excellent: 1,
  veryGood: 0.85,
  good: 0.7,
  fair: 0.5,
  worn: 0.35,
};
