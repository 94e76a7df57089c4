import { can, isStaffRole, type AbilityAction, type AbilitySubject } from '@knotwork/shared/abilities/staff';
import { useAuthStore } from '@/lib/auth-store.ts';

/** The signed-in person's abilities, from the one table the server also enforces (packages/shared). */
export function useCan() {
  const role = useAuthStore((s) => s.user?.role ?? null);
  return {
    isStaff: isStaffRole(role),
    role,
    can: (action: AbilityAction, subject: AbilitySubject) => can(role, action, subject),
  };
}
