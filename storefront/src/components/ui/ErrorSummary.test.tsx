import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';

import { initI18n } from '../../i18n';
import { orderedErrors } from '../../lib/forms';
import { ErrorSummary, shownFields, useErrorSummary } from './ErrorSummary';
import { FormField } from './Form';

beforeAll(async () => {
  await initI18n('nl');
});

/** A form whose check finds `found` on submit (in any key order, as the engine answers). */
function TestForm({ found }: { found: Record<string, string> }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { formRef, report, ...summary } = useErrorSummary();
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setErrors(found);
        report();
      }}
    >
      <ErrorSummary errors={errors} {...summary} />
      <FormField name="lastName" label="Achternaam" error={errors.lastName}>
        {(props) => <input {...props} />}
      </FormField>
      <FormField name="street" label="Straat" error={errors.street ?? errors['address.street']} errorKeys={['street', 'address.street']}>
        {(props) => <input {...props} />}
      </FormField>
      <FormField name="email" label="E-mailadres" error={errors.email}>
        {(props) => <input {...props} />}
      </FormField>
      <button type="submit">Verder</button>
    </form>
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Verder' }));

describe('error summary', () => {
  it('shows nothing before a submit, nor after one without errors', () => {
    render(<TestForm found={{}} />);
    expect(screen.queryByTestId('error-summary')).toBeNull();
    submit();
    expect(screen.queryByTestId('error-summary')).toBeNull();
  });

  it('lists every error in the order of the fields, each a link to its field, takes the focus, and keeps the errors at the fields', () => {
    render(<TestForm found={{ email: 'Dit e-mailadres is niet geldig', lastName: 'Dit is een verplicht veld', 'address.street': 'Straat te lang' }} />);
    submit();
    const summary = screen.getByRole('alert');
    expect(summary).toBe(screen.getByTestId('error-summary'));
    expect(summary).toHaveFocus();
    expect(summary).toHaveAttribute('tabindex', '-1');
    expect(summary).toHaveAccessibleName('Er is een probleem');
    expect(within(summary).getByRole('heading', { level: 2 })).toHaveTextContent('Er is een probleem');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Achternaam: Dit is een verplicht veld', '#field-lastName'],
      ['Straat: Straat te lang', '#field-street'],
      ['E-mailadres: Dit e-mailadres is niet geldig', '#field-email'],
    ]);
    expect(screen.getByTestId('error-lastName')).toHaveTextContent('Dit is een verplicht veld');
    expect(screen.getByTestId('error-street')).toHaveTextContent('Straat te lang');
    fireEvent.click(links[1] as HTMLElement);
    expect(screen.getByLabelText('Straat')).toHaveFocus();
    fireEvent.click(links[0] as HTMLElement);
    expect(screen.getByLabelText('Achternaam')).toHaveFocus();
  });

  it('keeps an error of the server for a field the page does not show, without a link; the form’s own message stays out', () => {
    render(<TestForm found={{ _: 'Er ging iets mis', houseNumberAddition: 'Toevoeging te lang', email: 'Dit e-mailadres is niet geldig' }} />);
    submit();
    const items = within(screen.getByTestId('error-summary')).getAllByRole('listitem');
    expect(items.map((item) => [item.textContent, item.querySelector('a')?.getAttribute('href') ?? null])).toEqual([
      ['E-mailadres: Dit e-mailadres is niet geldig', '#field-email'],
      ['Toevoeging te lang', null],
    ]);
  });
});

describe('the ordered error list', () => {
  it('follows the fields, then the errors no field shows, and lists a field once', () => {
    const fields = [
      { name: 'a', keys: ['a'], controlId: 'field-a', label: 'A' },
      { name: 'b', keys: ['b', 'address.b'], controlId: 'field-b', label: 'B' },
      { name: 'c', keys: ['c'], controlId: null },
    ];
    expect(orderedErrors({ z: 'Z', c: 'C', 'address.b': 'B2', b: 'B', _: 'form', a: '' }, fields)).toEqual([
      { key: 'b', message: 'B', controlId: 'field-b', label: 'B' },
      { key: 'c', message: 'C', controlId: null, label: null },
      { key: 'z', message: 'Z', controlId: null, label: null },
    ]);
  });

  it('reads the fields of a form in document order with their controls', () => {
    const form = document.createElement('form');
    form.innerHTML = `
      <fieldset data-field="method"><legend> Betaal\n methode </legend><label><input type="radio" id="field-method"> iDEAL</label><input type="radio"></fieldset>
      <div data-field="title" data-error-keys="title review.title"><label for="review-title">Titel</label><input type="hidden" id="hidden"><textarea id="review-title"></textarea></div>
      <input data-field="code" id="code">`;
    expect(shownFields(form)).toEqual([
      { name: 'method', keys: ['method'], controlId: 'field-method', label: 'Betaal methode' },
      { name: 'title', keys: ['title', 'review.title'], controlId: 'review-title', label: 'Titel' },
      { name: 'code', keys: ['code'], controlId: 'code', label: null },
    ]);
  });
});
