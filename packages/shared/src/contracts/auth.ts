import { z } from 'zod';
import { ROLES } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { okResponse } from './common.ts';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

export const loginBody = z.strictObject({
  email: z.string().trim().min(1, 'validation.required').max(320),
  password: z.string().min(1, 'validation.required').max(1024),
});

export const loginOperation = defineOperation({
  ...API_ROUTES.login,
  tag: 'auth',
  summary: 'Sign in with email and password; returns a bearer token',
  access: 'public',
  body: loginBody,
  response: z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    user: userSchema,
  }),
});

export const meOperation = defineOperation({
  ...API_ROUTES.me,
  tag: 'auth',
  summary: 'The signed-in user',
  access: 'viewer',
  response: userSchema.extend({ language: z.enum(['es', 'en']), active: z.boolean() }),
});

export const logoutOperation = defineOperation({
  ...API_ROUTES.logout,
  tag: 'auth',
  summary: 'Revoke the current token',
  access: 'viewer',
  response: okResponse,
});
