; Inno Setup script for Tycoons (Inno Setup 6.3 or later). Built by packaging/build_windows.ps1:
;   ISCC.exe /DAppVersion=0.1.0 /DSourceDir=...\dist\tycoons /DOutputDir=...\dist packaging\windows\tycoons.iss
; Installs the PyInstaller one-folder app (tycoons.exe windowed, tycoons-cli.exe for the command
; line) for the current user or, with administrator rights, for everyone; adds a Start-menu entry,
; an optional desktop icon and an uninstaller. Saves in %LOCALAPPDATA%\tycoons are left in place.

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\tycoons"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
AppId={{5C0E7B52-8F0A-4B7C-9B86-3D6A1E0F7C21}
AppName=Tycoons
AppVersion={#AppVersion}
AppVerName=Tycoons {#AppVersion}
AppPublisher=Tycoons developers
AppComments=Economic board games to play solo against AI opponents or hot-seat on one computer
DefaultDirName={autopf}\Tycoons
DefaultGroupName=Tycoons
DisableProgramGroupPage=yes
; Per-user by default (no UAC prompt); the dialog offers an install for all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
OutputDir={#OutputDir}
OutputBaseFilename=tycoons-{#AppVersion}-windows-x64-setup
SetupIconFile=..\..\assets\icons\tycoons.ico
UninstallDisplayIcon={app}\tycoons.exe
UninstallDisplayName=Tycoons
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; Qt 6.11 runs on 64-bit Windows 10 1809 and later.
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0.17763
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[InstallDelete]
; An upgrade replaces the whole bundle, so no file of an older version lingers in _internal.
Type: filesandordirs; Name: "{app}\_internal"

[Icons]
Name: "{group}\Tycoons"; Filename: "{app}\tycoons.exe"; Comment: "Economic board games"
Name: "{group}\Uninstall Tycoons"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Tycoons"; Filename: "{app}\tycoons.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\tycoons.exe"; Description: "{cm:LaunchProgram,Tycoons}"; Flags: nowait postinstall skipifsilent
