import type { Privacy } from '../../api';

export const PRIVACY_LABELS: Record<Privacy, string> = { public: 'Public', private: 'Private', password: 'Password' };
