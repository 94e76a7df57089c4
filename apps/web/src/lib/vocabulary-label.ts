import type { TFunction } from 'i18next';

/**
 * The catalogue's fixed vocabularies (listing filters, rug pages), each translated under `vocab.<group>` of the
 * catalogue namespace.
 */
export type VocabularyGroup =
  | 'styles'
  | 'ageClasses'
  | 'shapes'
  | 'materials'
  | 'colours'
  | 'availability'
  | 'knotTypes'
  | 'conditionGrades';

/**
 * A vocabulary value ("persian", "goatHair") in the visitor's language. The API sends camelCase values (and,
 * for facets, English labels); a value the translation files do not know yet shows the given fallback.
 */
export function vocabularyLabel(
  t: TFunction,
  group: VocabularyGroup,
  value: string,
  fallback = value,
): string {
  return t(`vocab.${group}.${value}`, { ns: 'catalogue', defaultValue: fallback });
}
