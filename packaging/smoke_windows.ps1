# Smoke test of the Windows installer: install it silently for the current user into a
# temporary folder, run the installed app offscreen (packaging/build.py smoke, through the
# console twin tycoons-cli.exe), check that the windowed tycoons.exe draws a board, uninstall.
#
#   pwsh packaging\smoke_windows.ps1 [dist\tycoons-<version>-windows-x64-setup.exe]
param([string]$Setup = "")
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$py = if ($env:PYTHON) { $env:PYTHON } else { "python" }
if (-not $Setup) { $Setup = (Get-Item dist\tycoons-*-windows-x64-setup.exe | Select-Object -First 1).FullName }
$temp = if ($env:RUNNER_TEMP) { $env:RUNNER_TEMP } else { $env:TEMP }
$dir = Join-Path $temp "Tycoons-smoke"

$installArgs = @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/CURRENTUSER", "/NORESTART", "/DIR=`"$dir`"")
$p = Start-Process $Setup -Wait -PassThru -ArgumentList $installArgs
if ($p.ExitCode -ne 0) { throw "setup exited $($p.ExitCode)" }
foreach ($f in @("tycoons.exe", "tycoons-cli.exe", "unins000.exe")) {
    if (-not (Test-Path (Join-Path $dir $f))) { throw "the installer left no $f" }
}
$menu = Join-Path $env:APPDATA "Microsoft\Windows\Start Menu\Programs\Tycoons\Tycoons.lnk"
if (-not (Test-Path $menu)) { throw "no Start-menu entry at $menu" }

& $py packaging/build.py smoke $dir
if ($LASTEXITCODE -ne 0) { throw "smoke test failed" }

# The windowed tycoons.exe has no console output: check what it draws instead.
$env:QT_QPA_PLATFORM = "offscreen"
$png = Join-Path $temp "tycoons-windowed-board.png"
$renderArgs = @("render", "first-ceo", "--players", "4", "--seed", "1", "--moves", "60", "--out", "`"$png`"")
$p = Start-Process (Join-Path $dir "tycoons.exe") -Wait -PassThru -ArgumentList $renderArgs
if ($p.ExitCode -ne 0 -or -not (Test-Path $png)) { throw "the windowed tycoons.exe did not render a board" }

$p = Start-Process (Join-Path $dir "unins000.exe") -Wait -PassThru -ArgumentList @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART")
# The uninstaller finishes from a temporary copy of itself, after Start-Process has returned.
for ($i = 0; $i -lt 60 -and (Test-Path (Join-Path $dir "tycoons.exe")); $i++) { Start-Sleep -Seconds 1 }
if (Test-Path (Join-Path $dir "tycoons.exe")) { throw "the uninstaller left tycoons.exe behind" }
if (Test-Path $menu) { throw "the uninstaller left the Start-menu entry behind" }
Write-Host "windows smoke: ok"
