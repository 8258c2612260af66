/**
 * The Japanese texts that both the server and the screens show (docs/PRODUCT.md#messages-on-any-screen);
 * they are kept here once so that a changed wording changes everywhere.
 */
export const messages = {
  login: {
    wrongCredentials: 'ユーザIDまたはパスワードが正しくありません。',
    userNameRequired: 'ユーザIDを入力してください。',
    passwordRequired: 'パスワードを入力してください。',
    /** `until` is the workshop's clock time (H:mm) from which sign-in is possible again. */
    tooManyAttempts: (until: string) => `ログインの試行回数が多すぎます。${until}以降に、もう一度お試しください。`,
  },
  http: {
    unauthenticated: 'ログインしてください。',
    forbidden: 'この操作を行う権限がありません。',
    csrf: 'ページの有効期限が切れました。画面を読み込み直してください。',
    notFound: '見つかりません。',
    badRequest: '入力内容が正しくありません。',
    payloadTooLarge: '送信されたデータが大きすぎます。',
    unsupportedMediaType: '送信されたデータの形式が正しくありません。',
    unstorableText: '使用できない文字が含まれています。',
    tooManyRequests: 'リクエストが多すぎます。しばらく待ってから、もう一度お試しください。',
    /** `until` is the workshop's clock time (H:mm) from which requests are answered again. */
    tooManyRequestsUntil: (until: string) => `リクエストが多すぎます。${until}以降に、もう一度お試しください。`,
    serverError: 'サーバーでエラーが発生しました。しばらく待ってから、もう一度お試しください。',
    network: 'サーバーに接続できませんでした。通信状態を確認してください。',
  },
  notFoundPage: 'ページが見つかりません。',
  saved: {
    registered: '登録しました。',
    updated: '更新しました。',
    /** A save that changed nothing, which writes nothing (the record editor, the master forms). */
    unchanged: '変更はありません。',
    deleted: '削除しました。',
  },
  confirmDelete: '削除してもよろしいですか？',
  confirmDiscard: '変更を破棄しますか？',
  conflict: '他のユーザーが更新しました。画面を読み込み直してください。',
} as const;
