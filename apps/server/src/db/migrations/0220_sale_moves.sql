-- Issue 24 section 3 (decision 074): staff may delete a draft sale. The audit log records it as
-- 'delete_auction'. The kind is added to whatever the check allows now (other migrations of the same session add
-- their own kinds the same way), so no migration drops another's kinds.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'staff_actions_action_check';
  if def not like '%''delete_auction''%' then
    alter table staff_actions drop constraint staff_actions_action_check;
    execute 'alter table staff_actions add constraint staff_actions_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''delete_auction''::text, ');
  end if;
end;
$$;
