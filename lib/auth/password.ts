import bcrypt from 'bcryptjs';

// bcrypt, the hash Supabase Auth (GoTrue) stores in auth.users.encrypted_password, so a local
// account and a Supabase account keep the same format. Cost 12 is ~250 ms here: slow on purpose.
const COST = 12;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  // Compare against a fixed hash when the account is unknown, so timing does not reveal it.
  return bcrypt.compare(password, hash ?? '$2b$12$C6UzMDM.H6dfI/f/IKxGhuSLjFpxBCPwyUGSVCYL0Tc6Gj6uaMYxy');
}
