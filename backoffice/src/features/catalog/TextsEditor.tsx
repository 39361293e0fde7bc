/**
 * A product's texts in one language at a time: the name, the short and the long description
 * (Markdown) and the composition. A member who edits the catalog (`catalog.edit`) changes them
 * and saves the four together; an empty field removes a text, and visitors then read it in
 * another language. Switching language keeps what was typed in the other, unsaved, until it is
 * saved. Anyone else reads them.
 */
import { useState, type FormEvent, type Ref } from 'react';

import { changeProductTexts } from '../../api/backoffice';
import type { CatalogProductRecord, Culture, CultureTexts, ProductTextField } from '../../api/contract';
import { Button, formStyles } from '../../components/Button';
import { Field, FormMessage } from '../../components/Field';
import { useToast } from '../../components/Toast';
import { currentLanguage, useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../../lib/apiErrors';
import { cultureName } from '../../lib/format';
import { PRODUCT_TEXT_FIELD_LABELS } from '../../lib/labels';
import panels from '../../components/Panels.module.css';
import styles from './Catalog.module.css';
import { missingLine } from './texts';

type Draft = Record<ProductTextField, string>;

const FIELDS: readonly ProductTextField[] = ['name', 'shortDescription', 'longDescription', 'composition'];

/** The most characters of each text (the server's rules). */
const MAX_LENGTH: Record<ProductTextField, number> = { name: 150, shortDescription: 500, longDescription: 10_000, composition: 10_000 };

function draftOf(texts: CultureTexts | undefined): Draft {
  return {
    name: texts?.name ?? '',
    shortDescription: texts?.shortDescription ?? '',
    longDescription: texts?.longDescription ?? '',
    composition: texts?.composition ?? '',
  };
}

const sameDraft = (one: Draft, other: Draft) => FIELDS.every((field) => one[field] === other[field]);

/** Characters as the server counts them (a letter outside the BMP is one). */
const characters = (text: string) => [...text].length;

export interface TextsEditorProps {
  product: CatalogProductRecord;
  culture: Culture;
  onCulture: (culture: Culture) => void;
  /** The language's select (the completeness table's Edit moves the focus to it). */
  cultureRef: Ref<HTMLSelectElement>;
  editable: boolean;
  onSaved: (product: CatalogProductRecord) => void;
}

export function TextsEditor({ product, culture, onCulture, cultureRef, editable, onSaved }: TextsEditorProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // What was typed and not saved yet, per language.
  const [drafts, setDrafts] = useState<Partial<Record<Culture, Draft>>>({});
  const texts = product.texts.find((candidate) => candidate.culture === culture);
  const unsaved = (candidate: CultureTexts) => {
    const draft = drafts[candidate.culture];
    return draft !== undefined && !sameDraft(draft, draftOf(candidate));
  };
  const optionLabel = (candidate: CultureTexts) =>
    [
      t('product.cultureOption', { culture: cultureName(candidate.culture, language), code: candidate.culture }),
      candidate.complete ? null : t('product.incomplete'),
      editable && unsaved(candidate) ? t('product.unsaved') : null,
    ]
      .filter(Boolean)
      .join(' – ');
  return (
    <section className={panels.section} aria-labelledby="product-texts">
      <h2 id="product-texts">{t('product.texts')}</h2>
      <Field label={t('product.textsCulture')}>
        {(control) => (
          <select {...control} ref={cultureRef} className={formStyles.input} value={culture} onChange={(event) => onCulture(event.target.value as Culture)}>
            {product.texts.map((candidate) => (
              <option key={candidate.culture} value={candidate.culture}>
                {optionLabel(candidate)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {texts && texts.missing.length > 0 && (
        <div className={styles.missing}>
          <p>{t(texts.complete ? 'product.missingComplete' : 'product.missingIncomplete')}</p>
          <ul className={styles.lines}>
            {texts.missing.map((missing) => (
              <li key={missing.field}>{missingLine(missing, t, language)}</li>
            ))}
          </ul>
        </div>
      )}
      {editable ? (
        <TextsForm
          key={culture}
          product={product}
          culture={culture}
          draft={drafts[culture] ?? draftOf(texts)}
          onDraft={(draft) => setDrafts((current) => ({ ...current, [culture]: draft }))}
          onSaved={(record) => {
            setDrafts((current) => {
              const rest = { ...current };
              delete rest[culture];
              return rest;
            });
            onSaved(record);
          }}
        />
      ) : (
        <TextsView texts={texts} />
      )}
    </section>
  );
}

interface TextsFormProps {
  product: CatalogProductRecord;
  culture: Culture;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  onSaved: (product: CatalogProductRecord) => void;
}

function TextsForm({ product, culture, draft, onDraft, onSaved }: TextsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const language = currentLanguage();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (field: ProductTextField, value: string) => onDraft({ ...draft, [field]: value });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = draft.name.trim() ? {} : { name: t('validation.required') };
    setErrors(found);
    setFailure(Object.keys(found).length > 0 ? t('product.fixFields') : null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      // All four, always: an empty text removes the language's own.
      const record = await changeProductTexts(product.productId, culture, {
        name: draft.name,
        shortDescription: draft.shortDescription,
        longDescription: draft.longDescription,
        composition: draft.composition,
      });
      toast.show(t('product.textsSaved', { culture: cultureName(culture, language) }));
      onSaved(record);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      setFailure(Object.keys(fields).length > 0 ? t('product.fixFields') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const count = (field: ProductTextField) => t('product.characters', { used: characters(draft[field]), max: MAX_LENGTH[field] });
  // Each control in the texts' language (a browser's spelling check follows it).
  const area = (field: Exclude<ProductTextField, 'name'>, rows: number, help?: string) => (
    <Field label={t(PRODUCT_TEXT_FIELD_LABELS[field])} help={help ? `${help} ${count(field)}` : count(field)} error={errors[field]}>
      {(control) => (
        <textarea
          {...control}
          name={field}
          lang={culture}
          className={`${formStyles.input} ${styles.textarea}`}
          rows={rows}
          maxLength={MAX_LENGTH[field]}
          value={draft[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <p>{t('product.emptyRemoves')}</p>
      <FormMessage kind="error">{failure}</FormMessage>
      <Field label={t(PRODUCT_TEXT_FIELD_LABELS.name)} help={count('name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            name="name"
            lang={culture}
            className={formStyles.input}
            autoComplete="off"
            required
            maxLength={MAX_LENGTH.name}
            value={draft.name}
            onChange={(event) => change('name', event.target.value)}
          />
        )}
      </Field>
      {area('shortDescription', 3)}
      {area('longDescription', 10, t('product.markdownHelp'))}
      {area('composition', 4)}
      <Button type="submit" busy={busy}>
        {t('product.saveTexts')}
      </Button>
    </form>
  );
}

/** The texts as they are, for a member who reads them only. */
function TextsView({ texts }: { texts: CultureTexts | undefined }) {
  const { t } = useTranslation();
  const none = t('common.none');
  return (
    <>
      <p>{t('product.readOnly')}</p>
      <dl className={panels.facts}>
        {FIELDS.map((field) => (
          <div key={field} className={panels.fact}>
            <dt>{t(PRODUCT_TEXT_FIELD_LABELS[field])}</dt>
            <dd className={styles.text} lang={texts?.[field] ? texts.culture : undefined}>
              {texts?.[field] || none}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
