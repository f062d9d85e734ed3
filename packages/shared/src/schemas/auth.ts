import { z } from 'zod';
import { safeString } from './campos';

export const PASSWORD_MIN_LENGTH = 6;

/** Validation messages are i18n keys in the "validation" namespace, not Portuguese text. */
export const emailSchema = safeString().trim().min(1, 'required').max(254).email('email');

export const passwordSchema = safeString()
  .min(1, 'required')
  .min(PASSWORD_MIN_LENGTH, 'passwordTooShort')
  .max(128, 'passwordTooLong');

export const signUpInputSchema = z
  .object({
    nomeCompleto: safeString().trim().min(1, 'required').max(120),
    nomeLoja: safeString().trim().min(1, 'required').max(120),
    codigoAcesso: safeString().trim().min(1, 'required').max(64),
    email: emailSchema,
    senha: passwordSchema,
    confirmarSenha: safeString().min(1, 'required'),
  })
  .refine((v) => v.senha === v.confirmarSenha, {
    message: 'passwordsDoNotMatch',
    path: ['confirmarSenha'],
  });
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  senha: safeString().min(1, 'required'),
  permanecerLogado: z.boolean(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });

export const resetPasswordInputSchema = z
  .object({ senha: passwordSchema, confirmarSenha: safeString().min(1, 'required') })
  .refine((v) => v.senha === v.confirmarSenha, {
    message: 'passwordsDoNotMatch',
    path: ['confirmarSenha'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;
