/**
 * The app's button: a real `<button>` (keyboard and screen readers for free), in four looks.
 * `busy` keeps it from being pressed twice while its action runs and says so.
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

import styles from './Form.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant = 'primary', size = 'normal', busy = false, icon, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={styles.button}
      data-variant={variant}
      data-size={size}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {icon}
      {children}
    </button>
  );
}

export const formStyles = styles;
