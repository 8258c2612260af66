import { Button, Group, LoadingOverlay, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { endSession, isLeavingStationSession, isStationSession, stationSessionEnded } from '../api/station-session.ts';
import { useCurrentUser } from '../api/user.ts';
import { pathTo } from '../route-paths.ts';
import { LoadError } from './LoadError.tsx';
import { alertDialog } from './dialogs.tsx';
import { confirmDiscardingUnsaved, releaseUnsavedForms } from './use-leave-guard.ts';
import { failureMessage } from '../api/client.ts';
import classes from './app-layout.module.css';

/**
 * The idle sign-out is of use on a station only: its code is asked for once a station's worker is
 * signed in, not with every user's first screen (the work screen's budget, docs/PERFORMANCE.md).
 * Not loaded (the network lost between two files), the screen works on without it, as without 呼出.
 */
const StationIdleGuard = lazy(() =>
  import('./StationIdleGuard.tsx').then(
    (module) => ({ default: module.StationIdleGuard }),
    () => ({ default: (() => null) as ComponentType<{ onIdle: () => void }> }),
  ),
);

/**
 * The frame of every signed-in screen: a header with the worker's name and ログアウト. A signed-out
 * visit goes to the sign-in screen, which brings the user back here afterwards; on a station, to the tiles.
 */
export function AppLayout() {
  const user = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const navigation = useNavigation();

  if (user.isPending) return <LoadingOverlay visible />;
  if (user.isError) return <LoadError error={user.error} onRetry={() => void user.refetch()} />;
  // A sign-out that leads somewhere of its own (a station's, back to the tiles) may wait for that
  // screen's code: until it is there, the sign-in screen must not take its place.
  if (!user.data && navigation.state !== 'idle') return <LoadingOverlay visible />;
  // A worker signed in by PIN has no password: a session that ended on the server (a new PIN, the
  // worker deleted, the station registered again) goes back to the tiles, which say why.
  if (!user.data && isStationSession()) return <BackToTiles />;
  // A station's worker signed out: the tiles, whether this frame is drawn before or after the way there is taken.
  if (!user.data && isLeavingStationSession()) return <Navigate to={pathTo('station')} replace />;
  if (!user.data) {
    const target = `${location.pathname}${location.search}`;
    const search = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
    return <Navigate to={`${pathTo('login')}${search}`} replace />;
  }

  const station = isStationSession();
  // ログアウト asks first when a form holds unsaved changes; the station's idle sign-out, with nobody there, does not.
  const logout = async ({ askFirst }: { askFirst: boolean }) => {
    if (askFirst && !(await confirmDiscardingUnsaved())) return;
    try {
      await endSession(queryClient);
      // Signed out, the forms on screen can no longer be saved: they leave without asking again.
      releaseUnsavedForms();
      // A worker signed in on a station goes back to the tiles for the next one.
      navigate(pathTo(station ? 'station' : 'login'), { replace: true });
    } catch (error) {
      await alertDialog(failureMessage(error));
    }
  };

  return (
    <>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={2} size="h3">
            工数
          </Title>
          <Group gap="md" wrap="nowrap" miw={0}>
            <Text fw={600} data-testid="current-user-name" truncate="end" miw={0}>
              {user.data.name}
            </Text>
            <Button variant="default" onClick={() => void logout({ askFirst: true })}>
              ログアウト
            </Button>
          </Group>
        </Group>
      </header>
      <main className={classes.main}>
        <Outlet />
        {station && (
          <Suspense>
            <StationIdleGuard onIdle={() => void logout({ askFirst: false })} />
          </Suspense>
        )}
      </main>
    </>
  );
}

/** The station's tiles after its worker's session ended, which forget that the tab was a station's session once there. */
function BackToTiles() {
  return <Navigate to={pathTo('station')} replace state={stationSessionEnded} />;
}

/** Administrator screens: a regular user is sent to the menu (the server refuses them too). */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (!user.data?.is_admin) return <Navigate to={pathTo('home')} replace />;
  return <Outlet />;
}
