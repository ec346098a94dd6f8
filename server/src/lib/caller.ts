import type { Access } from './access.ts';
import { unauthorized } from './errors.ts';

/** The signed-in caller of a request, as plugins/auth.ts loads it (its access cached by version: lib/access.ts). */
export interface AuthUser extends Access {
  id: number;
  sessionId: number;
  userType: 'platform' | 'merchant';
  merchantId: number | null;
  isOwner: boolean;
  loginName: string;
  nickName: string;
  phone: string;
  currentShopId: number | null;
  /** The version its cached access was loaded at (lib/access.ts). */
  authVersion: number;
}

/**
 * An employee signed in on the staff page (阿姨端): set only on `staff` routes, by the staff module's own hook; never a
 * console user (docs/staff.md).
 */
export interface StaffCaller {
  employeeId: number;
  merchantId: number;
  shopId: number;
  sessionId: number;
  name: string;
  phone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    staff?: StaffCaller;
  }
}

/** The request's caller; 401 when nobody signed in (a route without `public` never gets here unsigned). */
export function currentUser(req: { user?: AuthUser }): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}
