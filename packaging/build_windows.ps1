# Build the Windows installer of Tycoons: dist\tycoons-<version>-windows-x64-setup.exe
#
#   pwsh packaging\build_windows.ps1            # bundle with PyInstaller, then Inno Setup
#   $env:SKIP_BUNDLE = "1"; pwsh packaging\build_windows.ps1   # reuse dist\tycoons
#
# Needs Python with the project and PyInstaller installed (pip install -e ".[packaging]") and
# Inno Setup 6.3+ (ISCC.exe; `choco install innosetup` or $env:ISCC). The shared steps
# (bundle, checks, smoke) are packaging/build.py, as on Linux and macOS.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
$py = if ($env:PYTHON) { $env:PYTHON } else { "python" }

function Invoke-Step([string]$what, [scriptblock]$block) {
    Write-Host "== $what"
    & $block
    if ($LASTEXITCODE -ne 0) { throw "$what failed with exit code $LASTEXITCODE" }
}

$version = (& $py packaging/build.py version).Trim()
if ($env:SKIP_BUNDLE -ne "1") {
    Invoke-Step "PyInstaller bundle" { & $py packaging/build.py bundle }
}
if (-not (Test-Path "dist\tycoons\tycoons.exe")) { throw "no bundle in dist\tycoons" }

$iscc = $env:ISCC
if (-not $iscc) {
    $candidates = @("${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe", "$env:ProgramFiles\Inno Setup 6\ISCC.exe")
    $iscc = $candidates | Where-Object { Test-Path $_ } | Select-Object -First 1
}
if (-not $iscc) { throw "Inno Setup 6 (ISCC.exe) not found: install it or set `$env:ISCC" }

$source = (Resolve-Path "dist\tycoons").Path
$output = (Resolve-Path "dist").Path
Invoke-Step "Inno Setup" { & $iscc "/DAppVersion=$version" "/DSourceDir=$source" "/DOutputDir=$output" "packaging\windows\tycoons.iss" }
$setup = "dist\tycoons-$version-windows-x64-setup.exe"
if (-not (Test-Path $setup)) { throw "Inno Setup left no $setup" }
Write-Host ("built {0} ({1:N1} MB)" -f $setup, ((Get-Item $setup).Length / 1MB))
