import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ConfigAction } from '../../lib/export/export-config.ts';
import { FIELD_CATEGORIES, type FieldCategory, type FieldDescriptor } from '../../lib/export/types.ts';
import { Button } from '../ui/button.tsx';
import { ChevronIcon } from './export-icons.tsx';

type Props = {
  fields: readonly FieldDescriptor[];
  selected: readonly string[];
  dispatch: (action: ConfigAction) => void;
};

/** Step 1: the fields by category, each section folding open or closed. */
export function FieldPicker({ fields, selected, dispatch }: Props) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState<ReadonlySet<FieldCategory>>(new Set());
  const groups = FIELD_CATEGORIES.map((category) => ({
    category,
    fields: fields.filter((f) => f.category === category),
  })).filter((g) => g.fields.length > 0);

  const toggleOpen = (category: FieldCategory) =>
    setClosed((previous) => {
      const next = new Set(previous);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  return (
    <div className="export-fields">
      <div className="export-fields__actions">
        <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'selectAll' })}>
          {t('export.select_all')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => dispatch({ type: 'clearAll' })}>
          {t('export.clear_all')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => dispatch({ type: 'reset' })}>
          {t('export.reset')}
        </Button>
      </div>
      <p className="export-fields__count" aria-live="polite" data-testid="export-selected-count">
        {t('export.selected_count', { count: selected.length })}
      </p>
      {groups.map(({ category, fields: group }) => {
        const open = !closed.has(category);
        const chosen = group.filter((f) => selected.includes(f.key)).length;
        const panelId = `export-fields-${category}`;
        return (
          <section key={category} className="export-fields__group">
            <h4 className="export-fields__heading">
              <button
                type="button"
                className="export-fields__toggle"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggleOpen(category)}
              >
                <ChevronIcon open={open} />
                <span>{t(`export.categories.${category}`)}</span>
                <span className="export-fields__badge">
                  {t('export.category_count', { selected: chosen, total: group.length })}
                </span>
              </button>
            </h4>
            {open && (
              <div id={panelId} className="export-fields__list">
                {group.map((f) => (
                  <label key={f.key} className="export-fields__check">
                    <input
                      type="checkbox"
                      name="export-field"
                      value={f.key}
                      checked={selected.includes(f.key)}
                      onChange={() => dispatch({ type: 'toggle', key: f.key })}
                    />
                    {t(f.label)}
                  </label>
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
