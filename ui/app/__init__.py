"""The application shell: start-up (`shell.run_gui`, the `Shell` that moves between the start
screen and the open game), one Tycoons per data folder (`instance`), the checks before Qt starts
(`platform_check`), garbage collection on the GUI thread (`gc_guard`) and giving a closed game's
memory back (`memory`)."""
