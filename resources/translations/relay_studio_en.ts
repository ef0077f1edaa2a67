<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>CanonView</name>
    <message numerus="yes">
        <source>Pinned: %n facts, about %1 tokens in every prompt of the project.</source>
        <translation>
            <numerusform>Pinned: %n fact, about %1 tokens in every prompt of the project.</numerusform>
            <numerusform>Pinned: %n facts, about %1 tokens in every prompt of the project.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message numerus="yes">
        <source>Delete the chat “%1” and its messages? You can undo this for %n seconds. Its runs stay in the history.</source>
        <translation>
            <numerusform>Delete the chat “%1” and its messages? You can undo this for %n second. Its runs stay in the history.</numerusform>
            <numerusform>Delete the chat “%1” and its messages? You can undo this for %n seconds. Its runs stay in the history.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message numerus="yes">
        <source>Show earlier messages (%n more)</source>
        <translation>
            <numerusform>Show an earlier message (%n more)</numerusform>
            <numerusform>Show earlier messages (%n more)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CodexView</name>
    <message numerus="yes">
        <source>Wrote %n entries to %1 as World Info.</source>
        <translation>
            <numerusform>Wrote %n entry to %1 as World Info.</numerusform>
            <numerusform>Wrote %n entries to %1 as World Info.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and save the changes.</source>
        <translation>
            <numerusform>The server offers %n model; pick the default one and save the changes.</numerusform>
            <numerusform>The server offers %n models; pick the default one and save the changes.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and add the connection.</source>
        <translation>
            <numerusform>The server offers %n model; pick the default one and add the connection.</numerusform>
            <numerusform>The server offers %n models; pick the default one and add the connection.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message numerus="yes">
        <source>%n chapter(s)</source>
        <translation>
            <numerusform>%n chapter</numerusform>
            <numerusform>%n chapters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n word</numerusform>
            <numerusform>%n words</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandoffDialog</name>
    <message numerus="yes">
        <source>The chat was too long for the agent&apos;s model, so it wrote this without the oldest %n message(s); add what it could not know.</source>
        <translation>
            <numerusform>The chat was too long for the agent&apos;s model, so it wrote this without the oldest message; add what it could not know.</numerusform>
            <numerusform>The chat was too long for the agent&apos;s model, so it wrote this without the oldest %n messages; add what it could not know.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message numerus="yes">
        <source>Skills ⚠ %n</source>
        <translation>
            <numerusform>Skills ⚠ %n</numerusform>
            <numerusform>Skills ⚠ %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Skill file(s) could not be read; the Skills tab says why.</source>
        <translation>
            <numerusform>%n Skill file could not be read; the Skills tab says why.</numerusform>
            <numerusform>%n Skill files could not be read; the Skills tab says why.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LocalServerFinder</name>
    <message numerus="yes">
        <source>Found %1 at %2 with %n model(s); the form below is filled in for it — Add connection to keep it%3.</source>
        <translation>
            <numerusform>Found %1 at %2 with %n model; the form below is filled in for it — Add connection to keep it%3.</numerusform>
            <numerusform>Found %1 at %2 with %n models; the form below is filled in for it — Add connection to keep it%3.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>%n change(s) wait for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</source>
        <translation>
            <numerusform>%n change waits for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</numerusform>
            <numerusform>%n changes wait for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelSection</name>
    <message numerus="yes">
        <source>The server offers %n model(s): pick one from the list, or type a name.</source>
        <translation>
            <numerusform>The server offers %n model: pick it from the list, or type a name.</numerusform>
            <numerusform>The server offers %n models: pick one from the list, or type a name.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PatchDialog</name>
    <message numerus="yes">
        <source>%n change(s) wait for your approval</source>
        <translation>
            <numerusform>%n change waits for your approval</numerusform>
            <numerusform>%n changes wait for your approval</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProblemsBar</name>
    <message numerus="yes">
        <source>%1 › %2: %n problem(s) — go there</source>
        <translation>
            <numerusform>%1 › %2: %n problem — go there</numerusform>
            <numerusform>%1 › %2: %n problems — go there</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more (see the sections marked ⚠)</source>
        <translation>
            <numerusform>…and %n more (see the sections marked ⚠)</numerusform>
            <numerusform>…and %n more (see the sections marked ⚠)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message numerus="yes">
        <source>warning · %n issue(s)</source>
        <translation>
            <numerusform>warning · %n issue</numerusform>
            <numerusform>warning · %n issues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>conflict · %n issue(s)</source>
        <translation>
            <numerusform>conflict · %n issue</numerusform>
            <numerusform>conflict · %n issues</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SceneContextWords</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n message</numerusform>
            <numerusform>%n messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message numerus="yes">
        <source>%1 of %Ln event(s) shown</source>
        <translation>
            <numerusform>%1 of %Ln event shown</numerusform>
            <numerusform>%1 of %Ln events shown</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln event</numerusform>
            <numerusform>%Ln events</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message numerus="yes">
        <source>Bring the chat back (for %n seconds)</source>
        <translation>
            <numerusform>Bring the chat back (for %n second)</numerusform>
            <numerusform>Bring the chat back (for %n seconds)</numerusform>
        </translation>
    </message>
</context>
</TS>
