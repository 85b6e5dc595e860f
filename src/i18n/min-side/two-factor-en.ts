/** Two-step sign-in on Min side in English (see two-factor-nb.ts; the keys are the bokmål catalogue's). */
import type { MinSideTexts } from './nb.ts';

export const twoFactorEn: MinSideTexts['twoFactor'] = {
  title: 'Two-step sign-in',
  codeTitle: 'Confirm that it is you',
  codeIntro: 'Open your authenticator app and enter the six-digit code.',
  recoveryIntro: 'Enter one of the recovery codes you kept. Each code works once.',
  code: 'Code from the authenticator app',
  recoveryCode: 'Recovery code',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use a code from the authenticator app',
  emailCodeTitle: 'Check your e-mail',
  emailCodeIntro:
    'Your account is protected because someone has tried many wrong passwords, and this browser has not been used to sign in before. If the password was right, we have sent you an e-mail with a code. Enter it here.',
  emailCode: 'Code from the e-mail',
  verify: 'Confirm',
  required: 'Please fill in this field',
  statusOn: 'Two-step sign-in is on. When you sign in, we ask for a code from your authenticator app.',
  statusOff: 'With two-step sign-in, you need both your password and a code from an authenticator app on your phone to sign in.',
  start: 'Turn on two-step sign-in',
  steps: 'Scan the QR code with an authenticator app, or enter the key in the app. Then enter the code the app shows.',
  qrLabel: 'QR code for the authenticator app',
  key: 'Key',
  enable: 'Turn on',
  recoveryTitle: 'Recovery codes',
  recoveryCodesIntro: 'Keep these codes somewhere safe. If you lose your phone, sign in with one of them; each code works once. The codes are shown only now.',
  done: 'I have kept the codes',
  enabled: 'Two-step sign-in is on. Your sign-ins on other devices have been ended.',
  disable: 'Turn off two-step sign-in',
  disableIntro: 'Enter a current code from your authenticator app to turn off two-step sign-in.',
  disabled: 'Two-step sign-in is off.',
  cancel: 'Cancel',
};
