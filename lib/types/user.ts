/** The backend user as the API returns it (DESIGN.md §5). */
export interface UserDto {
  uid: string;
  first_name: string;
  last_name: string;
  /** The verified token's email; null when the account has none. */
  email: string | null;
  /** Whether the address was verified with the identity provider (Firebase's email_verified). */
  email_verified: boolean;
  mobile: string;
  accept_terms: boolean;
  stripe_customer_id: string | null;
  subscription_status: string;
  group_id: number;
}
