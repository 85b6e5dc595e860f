/**
 * Toasts as the spec's error catalogue wants them: top centre (bottom on phones), success closes after 3 s,
 * errors stay until the user dismisses them (a click elsewhere does not).
 */
import { useMemo } from 'react';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { Notification, NotificationContext, useCloseNotification, useNotificationContext, useNotify, useTranslate } from 'react-admin';
import { supportContact } from '../common/support.ts';

export const SUCCESS_DURATION = 3000;

function DismissButton() {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <IconButton size="small" color="inherit" aria-label={translate('app.errors.dismiss')} onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * react-admin's own error toasts ('Skjemaet er ikke gyldig…' and the like) come without a duration
 * and would close with the success toasts' 3 s: like ours, they stay until dismissed.
 */
function useErrorsStay() {
  const context = useNotificationContext();
  return useMemo(
    () => ({
      ...context,
      takeNotification: () => {
        const notification = context.takeNotification();
        if (!notification || notification.type !== 'error' || notification.notificationOptions?.autoHideDuration !== undefined) return notification;
        const options = notification.notificationOptions ?? {};
        return { ...notification, notificationOptions: { ...options, autoHideDuration: null, action: options.action ?? <DismissButton /> } };
      },
    }),
    [context],
  );
}

/** On phones the toasts sit at the bottom: at the top they covered the breadcrumb and the first form row. */
export function Toasts() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const notifications = useErrorsStay();
  return (
    <NotificationContext.Provider value={notifications}>
      <Notification
        anchorOrigin={{ vertical: phone ? 'bottom' : 'top', horizontal: 'center' }}
        autoHideDuration={SUCCESS_DURATION}
        multiLine
        slotProps={{
          clickAwayListener: {
            onClickAway: (event: Event & { defaultMuiPrevented?: boolean }) => {
              event.defaultMuiPrevented = true;
            },
          },
        }}
      />
    </NotificationContext.Provider>
  );
}

/** `message` is a catalogue key or a text from the server, shown as it is. */
export function useToast() {
  const notify = useNotify();
  return useMemo(() => {
    const toast = {
      success: (message: string, args: Record<string, unknown> = {}) =>
        notify(message, { type: 'success', autoHideDuration: SUCCESS_DURATION, messageArgs: { _: message, ...args } }),
      error: (message: string, args: Record<string, unknown> = {}) =>
        notify(message, {
          type: 'error',
          autoHideDuration: null,
          messageArgs: { _: message, ...args },
          action: <DismissButton />,
        }),
      /** The spec's "contact the provider" message, which stays until dismissed. */
      contactProvider: () => toast.error('app.errors.contact_provider', supportContact()),
    };
    return toast;
  }, [notify]);
}
