// The `source` of an Ask me row in History: a person's answer to a permission request, not a hook's run.
// Alone in its file so the history worker and the panel can name it without loading anything else.
export const ASK_ME_SOURCE = 'hookpanel:ask-me';
