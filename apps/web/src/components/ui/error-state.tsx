import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A failed load: the reason and a retry, without taking over the page. */
export function ErrorState({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <Alert
      severity="error"
      variant="outlined"
      sx={{ alignItems: 'center', bgcolor: 'background.paper' }}
      action={
        onRetry && retryLabel ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {retryLabel}
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}
