import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';

import { ApiError } from '../api/fetch';
import { initI18n } from '../i18n';
import { cartIdAtom } from '../state';
import { json, mockApi } from '../test/api';
import { serverErrors } from './apiErrors';
import { addToCart, ensureCart } from './cart';
import { CartCreationError, cartErrorText } from './cartErrors';

const createFails = () => mockApi([{ method: 'POST', url: '/api/cart', respond: json({ status: 500, code: 'errors.unexpectedServer', message: 'x' }, 500) }]);

describe('cart creation failure', () => {
  it('a change that needs a new cart fails with “Cart creation failed”, the call’s failure as its cause', async () => {
    createFails();
    const store = createStore();
    const failure = await ensureCart(store).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CartCreationError);
    expect((failure as Error).message).toBe('Cart creation failed');
    expect((failure as Error).cause).toBeInstanceOf(ApiError);
    await expect(addToCart(store, 1011, 1)).rejects.toThrow('Cart creation failed');
    expect(store.get(cartIdAtom)).toBeNull();
  });

  it('is shown in the visitor’s language by the cart’s and the forms’ error texts', async () => {
    const failure = new CartCreationError(new ApiError(500, {}));
    const nl = (await initI18n('nl')).t;
    expect(cartErrorText(failure, nl)).toBe('Je winkelwagen kon niet worden aangemaakt. Probeer het later nog een keer.');
    expect(serverErrors(failure, nl)).toEqual({ _: 'Je winkelwagen kon niet worden aangemaakt. Probeer het later nog een keer.' });
    const en = (await initI18n('en')).t;
    expect(cartErrorText(failure, en)).toBe('Your basket could not be created. Please try again later.');
    await initI18n('nl');
  });

  it('leaves the failures of an existing cart’s calls as they were', async () => {
    const nl = (await initI18n('nl')).t;
    expect(cartErrorText(new ApiError(503, {}), nl)).toBe('Er is een onverwachte serverfout opgetreden (status 503).');
  });
});

describe('a password the API refuses', () => {
  const refused = (field: string) =>
    new ApiError(400, {
      status: 400,
      fieldErrors: { [field]: [{ key: 'validation.passwordRequirements', message: 'Minimaal 7 tekens, moet cijfers en letters bevatten' }] },
    });

  it('reads “password does not meet the requirements” in the visitor’s language', async () => {
    const nl = (await initI18n('nl')).t;
    expect(serverErrors(refused('password'), nl)).toEqual({ password: 'Het wachtwoord voldoet niet aan de eisen' });
    expect(serverErrors(refused('newPassword'), nl)).toEqual({ newPassword: 'Het wachtwoord voldoet niet aan de eisen' });
    const de = (await initI18n('de')).t;
    expect(serverErrors(refused('password'), de)).toEqual({ password: 'Das Passwort erfüllt nicht die Anforderungen' });
    await initI18n('nl');
  });

  it('keeps every other field error’s own message', async () => {
    const nl = (await initI18n('nl')).t;
    const mismatch = new ApiError(400, { fieldErrors: { passwordRepeat: [{ key: 'validation.passwordMismatch', message: '' }] } });
    expect(serverErrors(mismatch, nl)).toEqual({ passwordRepeat: 'De wachtwoorden komen niet overeen' });
  });
});
