/**
 * The signed-in part of the app: the shell with the command palette around the screen of the
 * route, and the session every screen reads.
 */
import { useMemo, useState } from 'react';
import { Outlet, useLoaderData, useNavigate } from 'react-router';

import { Shell } from '../components/layout/Shell';
import { useToast } from '../components/Toast';
import { CommandPalette } from '../features/palette';
import { errorMessage } from '../lib/apiErrors';
import type { requireSession } from '../lib/guards';
import { PATHS } from '../lib/paths';
import { endSession, SessionProvider } from '../lib/session';

export function StaffLayout() {
  const me = useLoaderData<typeof requireSession>();
  const navigate = useNavigate();
  const toast = useToast();
  const [signingOut, setSigningOut] = useState(false);
  const session = useMemo(
    () => ({
      me,
      signOut: async () => {
        setSigningOut(true);
        try {
          await endSession();
          await navigate(PATHS.signIn, { replace: true });
        } catch (error) {
          toast.show(errorMessage(error), 'error');
          setSigningOut(false);
        }
      },
    }),
    [me, navigate, toast],
  );
  return (
    <SessionProvider session={session}>
      <Shell me={me} onSignOut={() => void session.signOut()} signingOut={signingOut} tools={<CommandPalette />}>
        <Outlet />
      </Shell>
    </SessionProvider>
  );
}
