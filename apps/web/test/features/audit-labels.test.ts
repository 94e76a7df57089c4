import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STAFF_ACTIONS } from '@knotwork/shared/schemas/audit-staff';

const LANGUAGES = ['en', 'fr', 'ar'] as const;
type Labels = Record<string, unknown>;
const namespace = (language: string, name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../public/locales/${language}/${name}.json`, import.meta.url), 'utf8'),
  ) as Labels;

// The audit page labels a kind from admin's audit.actions, else admin-house's auditActions (audit-page.tsx):
// a kind in neither shows its raw key to the staff.
describe('audit log kind labels', () => {
  for (const language of LANGUAGES)
    it(`labels every staff action kind in ${language}`, () => {
      const admin = (namespace(language, 'admin').audit as { actions: Labels }).actions;
      const house = namespace(language, 'admin-house').auditActions as Labels;
      const missing = STAFF_ACTIONS.filter((kind) => {
        const label = admin[kind] ?? house[kind];
        return typeof label !== 'string' || label.trim() === '';
      });
      expect(missing).toEqual([]);
    });
});
