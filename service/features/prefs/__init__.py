"""A seat's email preference and the delivery status of its emails; the unsubscribe link."""
