import styles from './Dialog.module.css';

/** Class names of the dialog footer buttons, so every kit dialog looks the same. */
export const dialogButton = { primary: styles.primary ?? '', secondary: styles.secondary ?? '' };
