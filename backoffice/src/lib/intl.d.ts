// Intl.NumberFormat formats a decimal string exactly (ECMA-402, 2023 edition), which
// TypeScript's library does not know yet: amounts of money are formatted from their text,
// never through a float.
declare namespace Intl {
  interface NumberFormat {
    format(value: `${number}`): string;
  }
}
