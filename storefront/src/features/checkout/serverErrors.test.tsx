import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '../../api/fetch';
import { initI18n } from '../../i18n';
import { useServerErrors } from './useCheckout';

beforeAll(async () => {
  await initI18n('nl');
});

describe('the checkout’s server errors', () => {
  it('a password the API refuses (choosing one to create an account) reads “password does not meet the requirements”', () => {
    const { result } = renderHook(() => useServerErrors());
    const refused = new ApiError(400, {
      status: 400,
      fieldErrors: { password: [{ key: 'validation.passwordRequirements', message: 'Minimaal 7 tekens, moet cijfers en letters bevatten' }] },
    });
    expect(result.current(refused)).toEqual({ password: 'Het wachtwoord voldoet niet aan de eisen' });
  });
});
