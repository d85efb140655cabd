"""Online play's GUI half (Qt), beside its Qt-free core in ui/online: the network thread, the
account and the games (`game`), and the start screen's Online games with sign-in (`shell`)."""
