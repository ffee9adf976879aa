import { useCallback, useEffect, useState } from 'react';
import { usersApi, type Profile } from 'shared-kernel';

export type ProfileState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; profile: Profile };

export interface ProfileLoad {
  state: ProfileState;
  /** Puts the server's answer to a change in place of the profile shown (no reload). */
  setProfile: (profile: Profile) => void;
  retry: () => void;
}

/** The signed-in user's own profile. */
export function useProfile(): ProfileLoad {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    usersApi.profile().then(
      (profile) => {
        if (active) setState({ status: 'ready', profile });
      },
      (error: unknown) => {
        console.error('Chargement du profil impossible', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const setProfile = useCallback((profile: Profile) => setState({ status: 'ready', profile }), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, setProfile, retry };
}
