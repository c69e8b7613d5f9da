import { z } from 'zod';
import { LANGUAGES, ROLES } from '../catalogue.ts';
import { API_ROUTES } from '../api-routes.ts';
import { defineOperation } from '../operation.ts';
import { idParams, isoDateTime, okResponse } from './common.ts';

export const managedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  active: z.boolean(),
  language: z.enum(LANGUAGES),
  created_at: isoDateTime,
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

const name = z
  .string({ error: 'validation.name_required' })
  .trim()
  .min(1, 'validation.name_required')
  .max(200);

const password = z.string({ error: 'validation.password_min' }).min(10, 'validation.password_min').max(1024);

export const userCreateBody = z.strictObject({
  email: z
    .string({ error: 'validation.email_invalid' })
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.email_invalid')
    .max(320),
  name,
  password,
  role: z.enum(ROLES),
  language: z.enum(LANGUAGES).default('es'),
});
export type UserCreate = z.infer<typeof userCreateBody>;

export const userUpdateBody = z.strictObject({
  name: name.optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type UserUpdate = z.infer<typeof userUpdateBody>;

export const passwordChangeBody = z.strictObject({
  current_password: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(1024),
  new_password: password,
});
export type PasswordChange = z.infer<typeof passwordChangeBody>;

export const listUsersOperation = defineOperation({
  ...API_ROUTES.listUsers,
  tag: 'users',
  summary: 'Every user account',
  access: 'admin',
  response: z.object({ data: z.array(managedUserSchema) }),
});

export const createUserOperation = defineOperation({
  ...API_ROUTES.createUser,
  tag: 'users',
  summary: 'Add a user account',
  access: 'admin',
  body: userCreateBody,
  response: managedUserSchema,
  status: 201,
});

export const updateUserOperation = defineOperation({
  ...API_ROUTES.updateUser,
  tag: 'users',
  summary: "Change a user's name, role, language or active state; deactivation signs them out",
  access: 'admin',
  params: idParams,
  body: userUpdateBody,
  response: managedUserSchema,
});

export const changePasswordOperation = defineOperation({
  ...API_ROUTES.changePassword,
  tag: 'auth',
  summary: 'Change your own password; your other sessions are signed out',
  access: 'viewer',
  body: passwordChangeBody,
  response: okResponse,
});
