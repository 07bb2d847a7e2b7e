// Placeholder: the operations core lands here.
