-- The house's own conditions of sale, printed in catalogues (decision 094 addendum): a new settings key.
do $$
declare
  def text;
begin
  select pg_get_constraintdef(oid) into def from pg_constraint where conname = 'house_settings_key_check';
  if def is not null and def not like '%''catalogue_conditions''%' then
    alter table house_settings drop constraint house_settings_key_check;
    execute 'alter table house_settings add constraint house_settings_key_check '
      || replace(def, 'ARRAY[', 'ARRAY[''catalogue_conditions''::text, ');
  end if;
end;
$$;
