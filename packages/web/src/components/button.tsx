import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

const variantClass: Record<ButtonVariant, string> = {
  primary: 'button',
  secondary: 'button button--secondary',
  link: 'button button--link',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/** The app's button (the `.button` classes of styles.css); type="button" unless told otherwise. */
export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = className ? `${variantClass[variant]} ${className}` : variantClass[variant];
  return <button type={type} className={classes} {...props} />;
}
