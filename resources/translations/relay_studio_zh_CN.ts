<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BranchesView</name>
    <message>
        <source>Original run</source>
        <translation>原始运行</translation>
    </message>
    <message>
        <source>Fork from stage %1</source>
        <translation>从阶段 %1 分支</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Compare this branch&apos;s answer and output/ files with the run it came from</source>
        <translation>将此分支的回答和 output/ 文件与其来源运行进行比较</translation>
    </message>
</context>
<context>
    <name>BriefDialog</name>
    <message>
        <source>The brief before it is handed on</source>
        <translation>交接前的交接简报</translation>
    </message>
    <message>
        <source>%1 hands the work to %2 with this brief. Change what you want; the run waits until you hand it on.</source>
        <translation>%1 将用这份交接简报把工作交接给 %2。你可以随意修改；在你交接之前，运行会一直等待。</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Why now</source>
        <translation>为何现在交接</translation>
    </message>
    <message>
        <source>What has been done</source>
        <translation>已完成的工作</translation>
    </message>
    <message>
        <source>What to preserve (one a line)</source>
        <translation>需要保留的内容（每行一项）</translation>
    </message>
    <message>
        <source>When it is done (one a line)</source>
        <translation>完成标准（每行一项）</translation>
    </message>
    <message>
        <source>Files to read (one a line)</source>
        <translation>要阅读的文件（每行一个）</translation>
    </message>
    <message>
        <source>The objective is required: say what the next agent must achieve.</source>
        <translation>目标是必填的：说明下一个智能体必须完成什么。</translation>
    </message>
    <message>
        <source>Keep the agent&apos;s brief</source>
        <translation>保留智能体的简报</translation>
    </message>
    <message>
        <source>Hands on the brief as the agent wrote it</source>
        <translation>按智能体所写的交接简报进行交接</translation>
    </message>
    <message>
        <source>Hand on</source>
        <translation>交接</translation>
    </message>
</context>
<context>
    <name>BuiltinAgents</name>
    <message>
        <source>Checks a draft against the story library and reports what contradicts it.</source>
        <translation>对照故事资料库检查草稿，并报告与之矛盾之处。</translation>
    </message>
    <message>
        <source>Reads a chapter against the canon and reports what contradicts it, quoting both.</source>
        <translation>对照正典阅读一个章节，并引用双方原文报告与之矛盾之处。</translation>
    </message>
    <message>
        <source>Reads the story library and the creator&apos;s documents, has every draft checked by a consistency reviewer before writing it, and writes entries and texts only as changes the creator approves.</source>
        <translation>阅读故事资料库和创作者的文档，写入前让一致性审阅者检查每份草稿，并且只以创作者批准的更改来写入条目和文本。</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice.</source>
        <translation>从结构、清晰度和语气上修订草稿。</translation>
    </message>
    <message>
        <source>Answers questions about your story library, knowledge and files; changes nothing.</source>
        <translation>回答关于你的故事资料库、知识和文件的问题；不做任何更改。</translation>
    </message>
    <message>
        <source>Polishes prose, commits the final message and finishes the run.</source>
        <translation>润色文字，提交最终消息并结束运行。</translation>
    </message>
    <message>
        <source>Looks up facts, names and background in the workspace notes and reports back.</source>
        <translation>在工作区笔记中查找事实、名字和背景并回报。</translation>
    </message>
    <message>
        <source>Answers rules questions and reviews balance with citations from the creator&apos;s rulebooks.</source>
        <translation>回答规则问题，并引用创作者的规则书来审查平衡性。</translation>
    </message>
    <message>
        <source>Writes a Skill (standing instructions for the project&apos;s agents) from what the creator wants, and proposes it.</source>
        <translation>根据创作者的需要编写一个技能（给项目智能体的常设指令），并提出它。</translation>
    </message>
    <message>
        <source>Drafts the scene or chapter the creator asks for.</source>
        <translation>起草创作者要求的场景或章节。</translation>
    </message>
</context>
<context>
    <name>CallProgress</name>
    <message>
        <source>this server sends the answer at once</source>
        <translation>此服务器一次性发送整个回答</translation>
    </message>
    <message>
        <source>about %1 tokens written</source>
        <translation>已写出约 %1 个令牌</translation>
    </message>
    <message>
        <source>reading your prompt (%1 of %2 tokens)</source>
        <translation>正在读取你的提示（%2 个令牌中的 %1 个）</translation>
    </message>
    <message>
        <source>your prompt is read (%1 tokens), waiting for the first token</source>
        <translation>提示已读完（%1 个令牌），正在等待第一个令牌</translation>
    </message>
    <message>
        <source>waiting for the first token</source>
        <translation>正在等待第一个令牌</translation>
    </message>
</context>
<context>
    <name>CanonModel</name>
    <message>
        <source>pinned</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>proposed</source>
        <translation>待定</translation>
    </message>
    <message>
        <source>active</source>
        <translation>有效</translation>
    </message>
    <message>
        <source>retired</source>
        <translation>已停用</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>Handle</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>About</source>
        <translation>涉及</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>CanonView</name>
    <message>
        <source>New fact</source>
        <translation>新事实</translation>
    </message>
    <message>
        <source>Pin</source>
        <translation>固定</translation>
    </message>
    <message>
        <source>Retire</source>
        <translation>停用</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Accept agents&apos; proposals at once</source>
        <translation>立即批准智能体的提议</translation>
    </message>
    <message>
        <source>Otherwise a fact an agent proposes waits here for you to accept or reject it.</source>
        <translation>否则，智能体提议的事实会在这里等你批准或拒绝。</translation>
    </message>
    <message>
        <source>Check continuity after each commit</source>
        <translation>每次提交后检查连贯性</translation>
    </message>
    <message>
        <source>After each commit in this project, the continuity rules read that chat and the status bar says what they found. They advise; they never stop a run.</source>
        <translation>在此项目中每次提交后，连贯性规则都会读取该对话，并在状态栏中说明发现了什么。它们只提供建议，从不阻止运行。</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>One short statement, as every agent will read it</source>
        <translation>一句简短的陈述，每个智能体都会照此读到</translation>
    </message>
    <message>
        <source>Story library entries, separated by commas</source>
        <translation>故事资料库的条目，用逗号分隔</translation>
    </message>
    <message>
        <source>e.g. eyes</source>
        <translation>例如：眼睛</translation>
    </message>
    <message>
        <source>e.g. green</source>
        <translation>例如：绿色</translation>
    </message>
    <message>
        <source>from the start</source>
        <translation>从头开始</translation>
    </message>
    <message>
        <source>Pinned: in every prompt of the project</source>
        <translation>固定：放入项目的每个提示词中</translation>
    </message>
    <message>
        <source>Fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>About</source>
        <translation>涉及</translation>
    </message>
    <message>
        <source>Attribute</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>From chapter</source>
        <translation>起始章节</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message numerus="yes">
        <source>Pinned: %n facts, about %1 tokens in every prompt of the project.</source>
        <translation>
            <numerusform>固定：%n 条事实，在项目的每个提示词中约占 %1 个令牌。</numerusform>
        </translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: nothing found.</source>
        <translation>上次提交后检查于 %1:未发现问题。</translation>
    </message>
    <message>
        <source>Last checked after a commit at %1: %2 findings (Chat → Check continuity…).</source>
        <translation>上次提交后检查于 %1:%2 项发现(对话 → 检查连贯性…)。</translation>
    </message>
    <message>
        <source>From: “%1” (added by %2)</source>
        <translation>出处：“%1”（由 %2 添加）</translation>
    </message>
    <message>
        <source>From the chat: “%1”</source>
        <translation>来自对话：“%1”</translation>
    </message>
    <message>
        <source>Saved as %1.</source>
        <translation>已保存为 %1。</translation>
    </message>
    <message>
        <source>Unpin</source>
        <translation>取消固定</translation>
    </message>
    <message>
        <source>The setting could not be saved: %1</source>
        <translation>无法保存该设置：%1</translation>
    </message>
</context>
<context>
    <name>CardInstructionsDialog</name>
    <message>
        <source>The card&apos;s instructions for “%1”</source>
        <translation>“%1”的角色卡指令</translation>
    </message>
    <message>
        <source>The character card tells the agent this. Whoever made the card wrote it: read it, change it or empty it before the agent follows it.</source>
        <translation>角色卡这样告诉智能体。这是角色卡的作者写的：在智能体遵循之前，请阅读、修改或清空它。</translation>
    </message>
    <message>
        <source>System prompt of the card</source>
        <translation>角色卡的系统提示词</translation>
    </message>
    <message>
        <source>Post-history instructions (after the chat, every turn)</source>
        <translation>历史后指令（在对话之后，每一轮）</translation>
    </message>
    <message>
        <source>Create the agent</source>
        <translation>创建智能体</translation>
    </message>
</context>
<context>
    <name>CastPortrait</name>
    <message>
        <source>narrator</source>
        <translation>旁白</translation>
    </message>
    <message>
        <source>here</source>
        <translation>在场</translation>
    </message>
    <message>
        <source>away</source>
        <translation>不在场</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 speaks with: %2
Click: %1 speaks next. Right-click: enter or leave the scene.</source>
        <translation>%1 使用: %2
单击：下一个由 %1 发言。右键：进入或离开场景。</translation>
    </message>
</context>
<context>
    <name>ChatActions</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>复制(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>New &amp;exploration</source>
        <translation>新建探索(&amp;E)</translation>
    </message>
    <message>
        <source>A chat where an agent reads your story library, knowledge and files and answers, changing nothing</source>
        <translation>智能体阅读你的故事资料库、知识库和文件并作答的对话，不会修改任何内容</translation>
    </message>
    <message>
        <source>&amp;Import SillyTavern chat…</source>
        <translation>导入 SillyTavern 对话(&amp;I)…</translation>
    </message>
    <message>
        <source>Make chats of this project from SillyTavern chat files (.jsonl), their swipes as versions</source>
        <translation>用 SillyTavern 对话文件（.jsonl）创建此项目的对话，其滑动备选作为版本</translation>
    </message>
    <message>
        <source>E&amp;xport as SillyTavern chat…</source>
        <translation>导出为 SillyTavern 对话(&amp;X)…</translation>
    </message>
    <message>
        <source>Write this chat as a SillyTavern chat file (.jsonl), its answers&apos; versions as swipes</source>
        <translation>将此对话写为 SillyTavern 对话文件（.jsonl），回答的各版本作为滑动备选</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Import SillyTavern chat…</source>
        <translation>导入 SillyTavern 对话…</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat…</source>
        <translation>导出为 SillyTavern 对话…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>A run is going in this chat; stop it before deleting the chat.</source>
        <translation>此对话中有正在进行的运行；请先停止它，再删除对话。</translation>
    </message>
    <message>
        <source>Delete chat</source>
        <translation>删除对话</translation>
    </message>
    <message numerus="yes">
        <source>Delete the chat “%1” and its messages? You can undo this for %n seconds. Its runs stay in the history.</source>
        <translation>
            <numerusform>删除对话“%1”及其消息？%n 秒内可以撤销。它的运行记录会保留在历史中。</numerusform>
        </translation>
    </message>
    <message>
        <source>Chat “%1” deleted.</source>
        <translation>已删除对话“%1”。</translation>
    </message>
    <message>
        <source>Import SillyTavern chats</source>
        <translation>导入 SillyTavern 对话</translation>
    </message>
    <message>
        <source>SillyTavern chats (*.jsonl);;All files (*)</source>
        <translation>SillyTavern 对话 (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Imported %1 as the chat “%2”.</source>
        <translation>已将 %1 导入为对话“%2”。</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters (the file keeps them).</source>
        <translation>已移除 %1 个隐藏字符（文件仍保留它们）。</translation>
    </message>
    <message>
        <source>Export as SillyTavern chat</source>
        <translation>导出为 SillyTavern 对话</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ 无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote the chat to %1.</source>
        <translation>已将对话写入 %1。</translation>
    </message>
</context>
<context>
    <name>ChatNavigation</name>
    <message>
        <source>New project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Name of the new project:</source>
        <translation>新项目的名称：</translation>
    </message>
    <message>
        <source>Rename project</source>
        <translation>重命名项目</translation>
    </message>
    <message>
        <source>New name for “%1”:</source>
        <translation>“%1”的新名称：</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>对话</translation>
    </message>
</context>
<context>
    <name>ChatView</name>
    <message>
        <source>Exploration · read only</source>
        <translation>探索 · 只读</translation>
    </message>
    <message>
        <source>The agent here reads your story library, knowledge and files and answers in the chat. It cannot change anything: every write is refused.</source>
        <translation>这里的智能体会阅读你的故事资料库、知识库和文件，并在对话中作答。它无法修改任何内容：所有写入都会被拒绝。</translation>
    </message>
    <message numerus="yes">
        <source>Show earlier messages (%n more)</source>
        <translation>
            <numerusform>显示更早的消息（还有 %n 条）</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing here yet. Write how the scene opens below and press Ctrl+Enter: the character you picked in the cast, or the first one, speaks. /as Name gives someone the turn.</source>
        <translation>这里还没有内容。在下方写下场景如何开场并按 Ctrl+Enter：你在角色阵容中选中的角色（或第一位）将发言。/as 名字 可把这一轮交给某人。</translation>
    </message>
    <message>
        <source>Nothing here yet. Ask about your story library, knowledge and files below; the explorer answers and changes nothing.</source>
        <translation>这里还什么都没有。在下方询问你的故事资料库、知识和文件；探索者会回答，且不做任何更改。</translation>
    </message>
    <message>
        <source>The project “%1” is new: its chats, story library, knowledge and Skills are its own. Add its characters and places under Story library and its documents under Knowledge (Library, Ctrl+L), then write what you want below and press Ctrl+Enter.</source>
        <translation>项目“%1”是新建的：它的聊天、故事资料库、知识库和技能都只属于它。在故事资料库中添加人物和地点，在知识库中导入文档（资料库，Ctrl+L），然后在下方写下你想要的内容并按 Ctrl+Enter。</translation>
    </message>
    <message>
        <source>Nothing here yet. Write what you want below and press Ctrl+Enter: the agent picked under the message starts and passes the work along. Start with @editor (or another agent&apos;s name) to pick who starts.</source>
        <translation>这里还什么都没有。在下方写下你想要的内容并按 Ctrl+Enter：消息下方选中的智能体会开始，并把工作传下去。以 @editor（或其他智能体的名字）开头可选择由谁开始。</translation>
    </message>
    <message>
        <source>The last request was longer than the agent&apos;s model can hold (its server said so). Hand off to a new chat that starts from a summary of this one.</source>
        <translation>上一次请求超出了智能体模型能容纳的长度（服务器如此报告）。请交接到一个从本对话摘要开始的新对话。</translation>
    </message>
    <message>
        <source>%1 is helping on a side task</source>
        <translation>%1 正在协助一项支线任务</translation>
    </message>
    <message>
        <source>Calling %1…</source>
        <translation>正在调用 %1…</translation>
    </message>
    <message>
        <source>The model server %1; trying again in %2 (attempt %3)…</source>
        <translation>模型服务器%1；%2后重试（第 %3 次）…</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1 on %2</source>
        <translation>正在等待你批准对 %2 的 %1</translation>
    </message>
    <message>
        <source>Waiting for your approval of %1</source>
        <translation>正在等待你批准 %1</translation>
    </message>
    <message>
        <source>could not be reached</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>stopped answering</source>
        <translation>停止了响应</translation>
    </message>
    <message>
        <source>asked to wait</source>
        <translation>要求稍候</translation>
    </message>
    <message>
        <source>answered with an error</source>
        <translation>返回了错误</translation>
    </message>
    <message>
        <source>did not answer (%1)</source>
        <translation>没有响应（%1）</translation>
    </message>
    <message>
        <source>%1 is calling %2…</source>
        <translation>%1 正在调用 %2…</translation>
    </message>
    <message>
        <source>no match</source>
        <translation>无匹配</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1/%2</translation>
    </message>
</context>
<context>
    <name>CodexView</name>
    <message>
        <source>New entry</source>
        <translation>新建条目</translation>
    </message>
    <message>
        <source>A new entry of the type chosen in the list (a character when none is)</source>
        <translation>在列表中所选类型的新条目（未选择时为角色）</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Import SillyTavern character cards (PNG, JSON, CHARX), World Info JSON or entry files into this project&apos;s story library</source>
        <translation>将 SillyTavern 角色卡（PNG、JSON、CHARX）、World Info JSON 或条目文件导入此项目的故事资料库</translation>
    </message>
    <message>
        <source>Export World Info…</source>
        <translation>导出 World Info…</translation>
    </message>
    <message>
        <source>Write this project&apos;s entries as a SillyTavern World Info file</source>
        <translation>将此项目的条目写为 SillyTavern World Info 文件</translation>
    </message>
    <message>
        <source>Story library entries</source>
        <translation>故事库条目</translation>
    </message>
    <message>
        <source>Entry</source>
        <extracomment>more changed rows than this are told as one change of the layout: a tree told of a range of rows measures every row of it (1,000 on a book: 40 to 50 ms on the GUI thread), after a layout change only those it shows</extracomment>
        <translation>条目</translation>
    </message>
    <message>
        <source>Mentions</source>
        <translation>提及</translation>
    </message>
    <message>
        <source>Messages of this project&apos;s chats that mention the entry (its name or an alias)</source>
        <translation>本项目对话中提及该条目（名称或别名）的消息</translation>
    </message>
    <message>
        <source>Also called %1</source>
        <translation>又称：%1</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <source>Delete entry</source>
        <translation>删除条目</translation>
    </message>
    <message>
        <source>Delete “%1” and its file %2?</source>
        <translation>删除“%1”及其文件 %2？</translation>
    </message>
    <message>
        <source>Import into the story library</source>
        <translation>导入到故事资料库</translation>
    </message>
    <message>
        <source>Cards and World Info (*.png *.json *.charx *.md);;All files (*)</source>
        <translation>角色卡和 World Info (*.png *.json *.charx *.md);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>没有导入任何内容。</translation>
    </message>
    <message>
        <source>Export World Info</source>
        <translation>导出 World Info</translation>
    </message>
    <message>
        <source>World Info (*.json);;All files (*)</source>
        <translation>World Info (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>⚠ %1 could not be written: %2</source>
        <translation>⚠ 无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n entries to %1 as World Info.</source>
        <translation>
            <numerusform>已将 %n 个条目作为 World Info 写入 %1。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <source>Compare branches</source>
        <translation>比较分支</translation>
    </message>
    <message>
        <source>From %1 (−) to %2 (+)</source>
        <translation>从 %1（−）到 %2（+）</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>没有更改。</translation>
    </message>
    <message>
        <source>Final message</source>
        <translation>最终消息</translation>
    </message>
    <message>
        <source>Only in the fork.</source>
        <translation>仅存在于分支中。</translation>
    </message>
    <message>
        <source>Only in the run it came from.</source>
        <translation>仅存在于来源运行中。</translation>
    </message>
</context>
<context>
    <name>Composer</name>
    <message>
        <source>A run is going in this chat. The agents at work can take your text as guidance now, or it can wait until the run ends.</source>
        <translation>此对话中正在运行。工作中的智能体可以现在把你的文字当作指导，也可以等运行结束后再发送。</translation>
    </message>
    <message>
        <source>Send as guidance</source>
        <translation>作为指导发送</translation>
    </message>
    <message>
        <source>The agent at work reads it at its next step; the run goes on</source>
        <translation>工作中的智能体会在下一步读取；运行继续进行</translation>
    </message>
    <message>
        <source>Send when it ends</source>
        <translation>结束后发送</translation>
    </message>
    <message>
        <source>Stop it and send</source>
        <translation>停止并发送</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>继续编辑</translation>
    </message>
    <message>
        <source>Editing an earlier message: Send reruns it in a new branch of this chat, with the history before it; the original chat stays as it is.</source>
        <translation>正在编辑之前的消息：发送后会在本对话的新分支中带着之前的历史重新运行；原对话保持不变。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the active run (Esc)</source>
        <translation>停止当前运行 (Esc)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send (Ctrl+Enter)</source>
        <translation>发送 (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Enter: the next turn, Shift+Enter adds a line)</source>
        <translation>场景指示，或 /as 名字…  （Enter：下一轮，Shift+Enter：换行）</translation>
    </message>
    <message>
        <source>The scene&apos;s direction, or /as Name…  (Ctrl+Enter: the next turn)</source>
        <translation>场景指示，或 /as 名字…  （Ctrl+Enter：下一轮）</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Enter sends, Shift+Enter adds a line)</source>
        <translation>询问你的故事资料库、知识库和文件…  （Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Ask about your story library, knowledge and files…  (Ctrl+Enter sends)</source>
        <translation>询问你的故事资料库、知识库和文件…  （Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Enter sends, Shift+Enter adds a line)</source>
        <translation>给智能体写点什么…（@editor 指定智能体，Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Write to your agents…  (@editor picks an agent, Ctrl+Enter sends)</source>
        <translation>给智能体写点什么…（@editor 指定智能体，Ctrl+Enter 发送）</translation>
    </message>
    <message>
        <source>Send (Enter or Ctrl+Enter)</source>
        <translation>发送 (Enter 或 Ctrl+Enter)</translation>
    </message>
    <message>
        <source>  (needs a model)</source>
        <translation>  （需要模型）</translation>
    </message>
    <message>
        <source>Sending when your chats are open…</source>
        <translation>聊天打开后即发送…</translation>
    </message>
</context>
<context>
    <name>ConnectionForm</name>
    <message>
        <source>Add a connection</source>
        <translation>添加连接</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>e.g. openai-main</source>
        <translation>例如 openai-main</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation>兼容 OpenAI</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>https://api.openai.com/v1 or http://127.0.0.1:8080/v1</source>
        <translation>https://api.openai.com/v1 或 http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>the default model; List models asks the server</source>
        <translation>默认模型；“列出模型”会询问服务器</translation>
    </message>
    <message>
        <source>List models</source>
        <translation>列出模型</translation>
    </message>
    <message>
        <source>Ask the server which models it offers</source>
        <translation>询问服务器提供哪些模型</translation>
    </message>
    <message>
        <source>Default model</source>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>not needed for a server on this computer</source>
        <translation>本机上的服务器不需要</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
    <message>
        <source>This computer has no keychain: keep API keys in a file only I can read</source>
        <translation>本机没有钥匙串：将 API 密钥保存在只有我能读取的文件中</translation>
    </message>
    <message>
        <source>Add connection</source>
        <translation>添加连接</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Leave the connection as it was</source>
        <translation>保持连接原样</translation>
    </message>
    <message>
        <source>A connection &apos;%1&apos; already exists; remove it first or pick another name.</source>
        <translation>连接“%1”已存在；请先移除它或换个名称。</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not on this computer, so it needs an API key.</source>
        <translation>“%1”不在本机上，因此需要 API 密钥。</translation>
    </message>
    <message>
        <source>This computer has no keychain to keep the API key in. Tick the box above to keep keys in a file only you can read, or add the key later.</source>
        <translation>本机没有可保存 API 密钥的钥匙串。勾选上方的选项，将密钥保存在只有你能读取的文件中，或者稍后再添加密钥。</translation>
    </message>
    <message>
        <source> Its secrets are in the system keychain.</source>
        <translation> 其机密信息保存在系统钥匙串中。</translation>
    </message>
    <message>
        <source> Its secrets are in %1 (readable only by you).</source>
        <translation> 其机密信息保存在 %1 中（仅你可读）。</translation>
    </message>
    <message>
        <source> It is the default connection.</source>
        <translation> 它是默认连接。</translation>
    </message>
    <message>
        <source>Added connection &apos;%1&apos; (%2).</source>
        <translation>已添加连接“%1”（%2）。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2, model %3).</source>
        <translation>已保存连接“%1”（%2，模型 %3）。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos; (%2).</source>
        <translation>已保存连接“%1”（%2）。</translation>
    </message>
    <message>
        <source>Saved connection &apos;%1&apos;, but a removed header&apos;s value could not be forgotten: %2</source>
        <translation>已保存连接“%1”，但无法清除已删除请求头的值：%2</translation>
    </message>
    <message>
        <source>Edit &apos;%1&apos;</source>
        <translation>编辑“%1”</translation>
    </message>
    <message>
        <source>leave empty to keep the stored key</source>
        <translation>留空则保留已保存的密钥</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>保存修改</translation>
    </message>
    <message>
        <source>Asking %1 for its models…</source>
        <translation>正在向 %1 查询模型…</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and save the changes.</source>
        <translation>
            <numerusform>服务器提供 %n 个模型；请选择默认模型并保存修改。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s); pick the default one and add the connection.</source>
        <translation>
            <numerusform>服务器提供 %n 个模型；请选择默认模型并添加连接。</numerusform>
        </translation>
    </message>
    <message>
        <source>The server answers but lists no models; type the model&apos;s name.</source>
        <translation>服务器有响应，但没有列出模型；请输入模型名称。</translation>
    </message>
</context>
<context>
    <name>ConnectionList</name>
    <message>
        <source>&lt;b&gt;Model connections&lt;/b&gt;</source>
        <translation>&lt;b&gt;模型连接&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Send a one-token request and say whether the connection works</source>
        <translation>发送一个单令牌请求，报告连接是否可用</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Change the connection&apos;s address, model, key or headers</source>
        <translation>修改连接的地址、模型、密钥或请求头</translation>
    </message>
    <message>
        <source>Make default</source>
        <translation>设为默认</translation>
    </message>
    <message>
        <source>Agents set to use the default connection run on this one</source>
        <translation>设为使用默认连接的智能体将通过此连接运行</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the connection and forget its API key</source>
        <translation>移除该连接并清除其 API 密钥</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is now the default connection: agents set to use the default run on it.</source>
        <translation>“%1”现在是默认连接：设为使用默认连接的智能体将通过它运行。</translation>
    </message>
    <message>
        <source>Testing &apos;%1&apos;…</source>
        <translation>正在测试“%1”…</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;.</source>
        <translation>已移除连接“%1”。</translation>
    </message>
    <message>
        <source> The default connection is now &apos;%1&apos;.</source>
        <translation> 默认连接现在是“%1”。</translation>
    </message>
    <message>
        <source>Removed connection &apos;%1&apos;, but its key could not be forgotten: %2</source>
        <translation>已移除连接“%1”，但无法清除其密钥：%2</translation>
    </message>
    <message>
        <source>(the connections could not be read: %1)</source>
        <translation>（无法读取连接：%1）</translation>
    </message>
    <message>
        <source>API key in the keychain</source>
        <translation>API 密钥在钥匙串中</translation>
    </message>
    <message>
        <source>API key in the key file</source>
        <translation>API 密钥在密钥文件中</translation>
    </message>
    <message>
        <source>API key from the environment</source>
        <translation>API 密钥来自环境变量</translation>
    </message>
    <message>
        <source>no key needed</source>
        <translation>无需密钥</translation>
    </message>
    <message>
        <source>no API key</source>
        <translation>无 API 密钥</translation>
    </message>
    <message>
        <source>  ·  default</source>
        <translation>  ·  默认</translation>
    </message>
    <message>
        <source>model: the first the server lists</source>
        <translation>模型：服务器列出的第一个</translation>
    </message>
    <message>
        <source>The default connection: agents set to use the default run on it</source>
        <translation>默认连接：设为使用默认连接的智能体通过它运行</translation>
    </message>
    <message>
        <source>(none yet: add one below, or find a server on this computer)</source>
        <translation>（还没有：请在下方添加，或在本机上查找服务器）</translation>
    </message>
</context>
<context>
    <name>ContinuityAfterCommit</name>
    <message>
        <source>The continuity check after the commit could not be done: %1</source>
        <translation>提交后的连贯性检查无法完成:%1</translation>
    </message>
    <message>
        <source>Continuity: %1 findings after the commit (Chat → Check continuity…)</source>
        <translation>连贯性:提交后有 %1 项发现(对话 → 检查连贯性…)</translation>
    </message>
    <message>
        <source>Continuity: checked after the commit at %1, nothing found.</source>
        <translation>连贯性:提交后于 %1 检查,未发现问题。</translation>
    </message>
</context>
<context>
    <name>ContinuityDialog</name>
    <message>
        <source>Continuity check</source>
        <translation>连贯性检查</translation>
    </message>
    <message>
        <source>Checking the chat against the canon…</source>
        <translation>正在将对话与正典核对…</translation>
    </message>
    <message>
        <source>Show the &amp;text</source>
        <translation>显示正文(&amp;T)</translation>
    </message>
    <message>
        <source>Show the &amp;evidence</source>
        <translation>显示依据(&amp;E)</translation>
    </message>
    <message>
        <source>Agent to fix it</source>
        <translation>负责修正的智能体</translation>
    </message>
    <message>
        <source>&amp;Send to an agent to fix</source>
        <translation>发给智能体修正(&amp;S)</translation>
    </message>
    <message>
        <source>The agent chosen beside it rewrites the passage; you approve its change in the patch dialog</source>
        <translation>旁边选定的智能体会改写这段文字；你在修改对话框中批准它的修改</translation>
    </message>
    <message>
        <source>Ask the &amp;reviewer</source>
        <translation>请审查员检查(&amp;R)</translation>
    </message>
    <message>
        <source>The continuity reviewer reads each chapter against the canon; a finding whose quotes are not word for word in the text is dropped</source>
        <translation>连贯性审查员对照正典阅读每一章;引文与正文不逐字一致的发现会被丢弃</translation>
    </message>
    <message>
        <source>Why this is intentional (kept with it)</source>
        <translation>为何是有意为之(会一并保存)</translation>
    </message>
    <message>
        <source>&amp;Mark intentional</source>
        <translation>标记为有意(&amp;M)</translation>
    </message>
    <message>
        <source>The check could not be done: %1</source>
        <translation>无法完成检查:%1</translation>
    </message>
    <message>
        <source>%1 findings in %2 chapters against %3 facts.</source>
        <translation>对照 %3 条事实检查了 %2 章:%1 项发现。</translation>
    </message>
    <message>
        <source>The continuity reviewer is reading the chapters…</source>
        <translation>连贯性审查员正在阅读各章…</translation>
    </message>
    <message>
        <source>The reviewer cannot be asked: %1</source>
        <translation>无法请审查员检查:%1</translation>
    </message>
    <message>
        <source>The reviewer found %1 more; %2 of its findings were dropped: their quotes are not word for word in the text or the canon. %3 chapters could not be reviewed.</source>
        <translation>审查员又发现了 %1 项;其中 %2 项被丢弃:引文与正文或正典不逐字一致。%3 章未能审阅。</translation>
    </message>
    <message>
        <source>Conflicting facts</source>
        <translation>相互矛盾的事实</translation>
    </message>
    <message>
        <source>Acts after death</source>
        <translation>死后仍有行动</translation>
    </message>
    <message>
        <source>Age does not add up</source>
        <translation>年龄对不上</translation>
    </message>
    <message>
        <source>Text against the canon</source>
        <translation>正文与正典不符</translation>
    </message>
    <message>
        <source>%1, chapter %2</source>
        <translation>%1,第 %2 章</translation>
    </message>
    <message>
        <source>the canon (the fact&apos;s own words)</source>
        <translation>正典(事实本身的措辞)</translation>
    </message>
    <message>
        <source>There is no finding to show here.</source>
        <translation>这里没有可显示的发现。</translation>
    </message>
    <message>
        <source>Choose a finding above to see its passages.</source>
        <translation>在上方选择一项发现以查看其段落。</translation>
    </message>
    <message>
        <source>In the text: %1</source>
        <translation>正文:%1</translation>
    </message>
    <message>
        <source>Contradicts: %1</source>
        <translation>与之矛盾:%1</translation>
    </message>
    <message>
        <source>This finding quotes no passage.</source>
        <translation>这项发现没有引用任何段落。</translation>
    </message>
    <message>
        <source>This passage is the fact&apos;s own words: it is in the canon.</source>
        <translation>这段是事实本身的措辞:它在正典中。</translation>
    </message>
    <message>
        <source>Say why the finding is intentional: the reason is kept with it.</source>
        <translation>请说明为何这项发现是有意为之:理由会一并保存。</translation>
    </message>
    <message>
        <source>The finding could not be marked: %1</source>
        <translation>无法标记这项发现:%1</translation>
    </message>
    <message>
        <source>Marked intentional: it will not be reported again.</source>
        <translation>已标记为有意:以后不会再报告。</translation>
    </message>
    <message>
        <source>A run is already going in that chat: send the fix when it ends.</source>
        <translation>该对话中已有运行在进行：请在它结束后再发送修正。</translation>
    </message>
    <message>
        <source>The fix could not be started: %1</source>
        <translation>无法开始修正：%1</translation>
    </message>
    <message>
        <source>%1 is fixing it: approve the change in the patch dialog.</source>
        <translation>%1 正在修正：请在修改对话框中批准修改。</translation>
    </message>
</context>
<context>
    <name>DelegationSection</name>
    <message>
        <source>May hand off the stage</source>
        <translation>可以交接阶段</translation>
    </message>
    <message>
        <source>May ask helpers for side tasks</source>
        <translation>可以请助手做支线任务</translation>
    </message>
    <message>
        <source>Other agents may call it</source>
        <translation>其他智能体可以调用它</translation>
    </message>
    <message>
        <source>…as the next stage</source>
        <translation>…作为下一阶段</translation>
    </message>
    <message>
        <source>…as a helper</source>
        <translation>…作为助手</translation>
    </message>
    <message>
        <source>How it hands off</source>
        <translation>交接方式</translation>
    </message>
    <message>
        <source>One tool, naming the next agent</source>
        <translation>一个工具，指明下一个智能体</translation>
    </message>
    <message>
        <source>One tool per next agent</source>
        <translation>每个下一智能体一个工具</translation>
    </message>
    <message>
        <source>Handoff tools (delegation.handoffToolStyle): single agent_handoff(agentId, …), or perTarget: one transfer_to_&lt;id&gt; tool per agent it may hand off to</source>
        <translation>交接工具 (delegation.handoffToolStyle)：single 为单个 agent_handoff(agentId, …)；perTarget 为每个可交接的智能体各一个 transfer_to_&lt;id&gt; 工具</translation>
    </message>
    <message>
        <source>How other agents see it</source>
        <translation>其他智能体看到的描述</translation>
    </message>
    <message>
        <source>delegation.descriptionForAgents: what agent_list and the handoff tools say about it</source>
        <translation>delegation.descriptionForAgents：agent_list 和交接工具对它的描述</translation>
    </message>
    <message>
        <source>Next stage</source>
        <translation>下一阶段</translation>
    </message>
    <message>
        <source>handoff.next: when this agent ends its part without handing off (it answers in text, or commits and stops), the studio hands its draft to this agent</source>
        <translation>handoff.next：当此智能体未移交就结束了自己的部分（以文本回答，或发布后停止）时，工作室会把它的草稿交给这个智能体</translation>
    </message>
    <message>
        <source>Brief for the next stage</source>
        <translation>给下一阶段的说明</translation>
    </message>
    <message>
        <source>handoff.briefTemplate: what the next stage is asked to do; {file} becomes the draft&apos;s file. Empty: the next agent&apos;s description</source>
        <translation>handoff.briefTemplate：要求下一阶段做什么；{file} 会替换为草稿文件。留空：使用下一个智能体的描述</translation>
    </message>
    <message>
        <source>Let me see the brief first</source>
        <translation>先让我看交接简报</translation>
    </message>
    <message>
        <source>handoff.reviewBrief: when this agent hands off, the run waits and its brief opens in an editor; the next stage starts with your version</source>
        <translation>handoff.reviewBrief：该智能体交接时，运行会等待，其交接简报在编辑器中打开；下一阶段将以你的版本开始</translation>
    </message>
    <message>
        <source>Who may call it</source>
        <translation>谁可以调用它</translation>
    </message>
    <message>
        <source>Offered as the next stage</source>
        <translation>作为下一阶段提供</translation>
    </message>
    <message>
        <source>Always</source>
        <translation>始终</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>After something is posted</source>
        <translation>有内容提交之后</translation>
    </message>
    <message>
        <source>What it sees of earlier stages</source>
        <translation>能看到前面阶段的哪些内容</translation>
    </message>
    <message>
        <source>The chat and the brief</source>
        <translation>对话和交接简报</translation>
    </message>
    <message>
        <source>Only the brief</source>
        <translation>仅交接简报</translation>
    </message>
    <message>
        <source>The full history</source>
        <translation>完整历史</translation>
    </message>
    <message>
        <source>A summary of the conversation</source>
        <translation>对话摘要</translation>
    </message>
    <message>
        <source>…without the tool calls and their results</source>
        <translation>…不含工具调用及其结果</translation>
    </message>
    <message>
        <source>Name of the tool others call</source>
        <translation>其他智能体调用的工具名称</translation>
    </message>
    <message>
        <source>default: transfer_to_&lt;id&gt;</source>
        <translation>默认：transfer_to_&lt;id&gt;</translation>
    </message>
    <message>
        <source>handoffIn.toolNameOverride: replaces transfer_to_&lt;id&gt; (with one tool per next agent)</source>
        <translation>handoffIn.toolNameOverride：替换 transfer_to_&lt;id&gt;（每个下一智能体一个工具时）</translation>
    </message>
    <message>
        <source>What that tool says</source>
        <translation>该工具的说明</translation>
    </message>
    <message>
        <source>Optional, e.g.</source>
        <translation>可选，例如</translation>
    </message>
    <message>
        <source>What callers must hand over</source>
        <translation>调用方必须交付的内容</translation>
    </message>
    <message>
        <source>handoffIn.inputSchema: a JSON Schema object; its fields are added to the handoff tool</source>
        <translation>handoffIn.inputSchema：一个 JSON Schema 对象；其字段会加到交接工具上</translation>
    </message>
    <message>
        <source>Longest chain of handoffs</source>
        <translation>最长交接链</translation>
    </message>
    <message>
        <source>Helpers at once</source>
        <translation>同时进行的助手数</translation>
    </message>
    <message>
        <source>Helpers per run</source>
        <translation>每次运行的助手数</translation>
    </message>
    <message>
        <source>None: it hands off itself, or finishes</source>
        <translation>handoff.briefTemplate：要求下一阶段做什么；{file} 会替换为草稿文件。留空：使用下一个智能体的描述</translation>
    </message>
    <message>
        <source>%1 (not an agent here)</source>
        <translation>%1（此处没有这个智能体）</translation>
    </message>
    <message>
        <source>No agent here has the id %1: nobody can call it by that id until an agent with it exists. Untick it if it is a typo (%2).</source>
        <translation>这里没有 ID 为 %1 的智能体：在有这个 ID 的智能体之前，谁也无法以它调用。如果是笔误，请取消勾选（%2）。</translation>
    </message>
    <message>
        <source>Not valid JSON (line %1, column %2): %3.</source>
        <translation>不是有效的 JSON（第 %1 行，第 %2 列）：%3。</translation>
    </message>
    <message>
        <source>Any agent (*)</source>
        <translation>任意智能体 (*)</translation>
    </message>
</context>
<context>
    <name>Detail</name>
    <message>
        <source>Show the raw entry</source>
        <translation>显示原始记录</translation>
    </message>
    <message>
        <source>The raw journal entry</source>
        <translation>原始日志记录</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;none&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;无&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>交接给 %1：%2</translation>
    </message>
    <message>
        <source>&lt;p&gt;The brief as the target agent received it:&lt;/p&gt;</source>
        <translation>&lt;p&gt;目标智能体收到的交接简报：&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The target has not started yet.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;目标尚未开始。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>answered</source>
        <translation>已回答</translation>
    </message>
    <message>
        <source>tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>output limit reached</source>
        <translation>达到输出上限</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;i&gt;The call is still streaming; its record is written when it ends.&lt;/i&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;i&gt;调用仍在流式传输；结束时才会写入记录。&lt;/i&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>%1 · model call %2</source>
        <translation>%1 · 模型调用 %2</translation>
    </message>
    <message>
        <source>&lt;p&gt;Model &lt;b&gt;%1&lt;/b&gt; · %2 · started %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;模型 &lt;b&gt;%1&lt;/b&gt; · %2 · 开始于 %3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage (estimated, the server sent no counts): ~%1 input, ~%2 output tokens · finish: %3&lt;/p&gt;</source>
        <translation>&lt;p&gt;用量（估算，服务器未发送计数）：输入 ~%1、输出 ~%2 个令牌 · 结束原因：%3&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Usage: %1 input, %2 output, %3 cached tokens · finish: %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;用量：输入 %1、输出 %2、缓存 %3 个令牌 · 结束原因：%4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>响应</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Messages (%1)</source>
        <translation>消息 (%1)</translation>
    </message>
    <message>
        <source>Tools (%1)</source>
        <translation>工具 (%1)</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>The creator rejected this.</source>
        <translation>创作者拒绝了此项。</translation>
    </message>
    <message>
        <source>The creator approved this with their own edits.</source>
        <translation>创作者加上自己的修改后批准了此项。</translation>
    </message>
    <message>
        <source>The creator approved this.</source>
        <translation>创作者批准了此项。</translation>
    </message>
    <message>
        <source>Citations</source>
        <translation>引用</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>%1: version %2 → %3</source>
        <translation>%1：版本 %2 → %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>没有改动。</translation>
    </message>
    <message>
        <source>The review could not be done.</source>
        <translation>无法完成审查。</translation>
    </message>
    <message>
        <source>Issues (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <source>Suggestions (%1)</source>
        <translation>建议（%1）</translation>
    </message>
    <message>
        <source>Brief as received</source>
        <translation>收到的交接简报</translation>
    </message>
    <message>
        <source>What %1 read, part by part with its tokens and why each is there, is shown with the model call that follows: select that call&apos;s row or its bar.</source>
        <translation>%1 读到的内容（逐部分的 token 数及其原因）显示在随后的模型调用中：请选择该调用的行或条。</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Select a bar, a handoff marker or an event to see its details.</source>
        <translation>选择一个条形、交接标记或事件以查看详情。</translation>
    </message>
</context>
<context>
    <name>DocsBrowser</name>
    <message>
        <source>Relay Studio user guide</source>
        <translation>Relay Studio 用户指南</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
</context>
<context>
    <name>DocumentView</name>
    <message>
        <source>← Back to the search</source>
        <translation>← 返回搜索</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
</context>
<context>
    <name>EntryEditor</name>
    <message>
        <source>Other names, separated by commas</source>
        <translation>其他名称，用逗号分隔</translation>
    </message>
    <message>
        <source>Tags, separated by commas</source>
        <translation>标签，用逗号分隔</translation>
    </message>
    <message>
        <source>What the agents read when the entry is mentioned</source>
        <translation>提及该条目时智能体读到的内容</translation>
    </message>
    <message>
        <source>Only for you: the agents never see these notes</source>
        <translation>仅你可见：智能体永远看不到这些笔记</translation>
    </message>
    <message>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>Phrases that are not mentions, separated by commas</source>
        <translation>不算作提及的短语，用逗号分隔</translation>
    </message>
    <message>
        <source>Always give it to the agents</source>
        <translation>始终提供给智能体</translation>
    </message>
    <message>
        <source>alwaysInclude: in every stage&apos;s prompt, mentioned or not (first within the budget)</source>
        <translation>alwaysInclude：无论是否被提及，都放入每个阶段的提示词（在预算内优先）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Also called</source>
        <translation>又称</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Private notes</source>
        <translation>私人笔记</translation>
    </message>
    <message>
        <source>Tracking</source>
        <translation>识别</translation>
    </message>
    <message>
        <source>Not a mention</source>
        <translation>不算提及</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Write the entry&apos;s file (Ctrl+S)</source>
        <translation>写入条目文件 (Ctrl+S)</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>A new entry: fill in a name and Save.</source>
        <translation>新条目：填写名称后保存。</translation>
    </message>
</context>
<context>
    <name>EntryTypes</name>
    <message>
        <source>Character</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>地点</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>物品</translation>
    </message>
    <message>
        <source>Lore</source>
        <translation>设定</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>Plot thread</source>
        <translation>情节线</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>EventSentence</name>
    <message>
        <source>The run started: “%1”</source>
        <translation>运行开始：“%1”</translation>
    </message>
    <message>
        <source>The run started</source>
        <translation>运行开始</translation>
    </message>
    <message>
        <source>Before Send, the forecast was %1 to %2 input tokens</source>
        <translation>发送前的预测为 %1 至 %2 个输入词元</translation>
    </message>
    <message>
        <source>The forecast before Send was kept</source>
        <translation>已记录发送前的预测</translation>
    </message>
    <message>
        <source>The run is now %1</source>
        <translation>运行现在为%1</translation>
    </message>
    <message>
        <source>The run resumed</source>
        <translation>运行已恢复</translation>
    </message>
    <message>
        <source>This run was forked from stage %1 of an earlier run</source>
        <translation>此运行从先前运行的第 %1 阶段分出</translation>
    </message>
    <message>
        <source>The run paused</source>
        <translation>运行已暂停</translation>
    </message>
    <message>
        <source>The run was interrupted</source>
        <translation>运行被中断</translation>
    </message>
    <message>
        <source>The run finished</source>
        <translation>运行完成</translation>
    </message>
    <message>
        <source>The run finished in part: %1</source>
        <translation>运行部分完成：%1</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>The run was cancelled</source>
        <translation>运行已取消</translation>
    </message>
    <message>
        <source>%1 was set up as the first stage</source>
        <translation>%1 被设为第一阶段</translation>
    </message>
    <message>
        <source>%1 was set up as the next stage</source>
        <translation>%1 被设为下一阶段</translation>
    </message>
    <message>
        <source>%1 was set up as a helper</source>
        <translation>%1 被设为助手</translation>
    </message>
    <message>
        <source>%1 started working</source>
        <translation>%1 开始工作</translation>
    </message>
    <message>
        <source>%1 finished its part</source>
        <translation>%1 完成了自己的部分</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 被停止</translation>
    </message>
    <message>
        <source>%1 passed its part on</source>
        <translation>%1 交出了自己的部分</translation>
    </message>
    <message>
        <source>%1 took its last turn</source>
        <translation>%1 完成了最后一轮</translation>
    </message>
    <message>
        <source>The studio gathered what %1 will read</source>
        <translation>工作室整理了 %1 将要阅读的内容</translation>
    </message>
    <message>
        <source>%1 received its instructions and what to work on</source>
        <translation>%1 收到了指示和要做的工作</translation>
    </message>
    <message>
        <source>%1 set up a task for %2</source>
        <translation>%1 为 %2 设置了任务</translation>
    </message>
    <message>
        <source>%1 prepared the handoff to %2</source>
        <translation>%1 准备交接给 %2</translation>
    </message>
    <message>
        <source>The handed-over work started</source>
        <translation>交出的工作已开始</translation>
    </message>
    <message>
        <source>The handed-over work is done</source>
        <translation>交出的工作已完成</translation>
    </message>
    <message>
        <source>The handed-over work failed</source>
        <translation>交出的工作失败</translation>
    </message>
    <message>
        <source>The handed-over work was cancelled</source>
        <translation>交出的工作已取消</translation>
    </message>
    <message>
        <source>%1 asked the model “%2” (call %3)</source>
        <translation>%1 询问模型“%2”（第 %3 次调用）</translation>
    </message>
    <message>
        <source>The model answered %1 with text</source>
        <translation>模型以文字回答了 %1</translation>
    </message>
    <message>
        <source>The model answered %1 by calling %2</source>
        <translation>模型通过调用 %2 回答了 %1</translation>
    </message>
    <message>
        <source>The model call for %1 failed: %2</source>
        <translation>%1 的模型调用失败：%2</translation>
    </message>
    <message>
        <source>The studio asks the model again (attempt %1): %2</source>
        <translation>工作室再次询问模型（第 %1 次尝试）：%2</translation>
    </message>
    <message>
        <source>A note on %1&apos;s model: %2</source>
        <translation>关于 %1 的模型的提示：%2</translation>
    </message>
    <message>
        <source>The model answered in text, without a tool</source>
        <translation>模型以文字回答，未使用工具</translation>
    </message>
    <message>
        <source>%1&apos;s text answer went to the chat</source>
        <translation>%1 的文字回答已提交到对话</translation>
    </message>
    <message>
        <source>%1&apos;s text was kept as a note, not as the answer</source>
        <translation>%1 的文字作为备注保留，而非回答</translation>
    </message>
    <message>
        <source>The next stage (%1) could not start</source>
        <translation>下一阶段（%1）无法开始</translation>
    </message>
    <message>
        <source>%1&apos;s tool calls were refused several turns in a row</source>
        <translation>%1 的工具调用连续多轮被拒绝</translation>
    </message>
    <message>
        <source>What %1 wrote before the stop went to the chat</source>
        <translation>%1 在停止前写的内容已提交到对话</translation>
    </message>
    <message>
        <source>%1 reached its limit (%2)</source>
        <translation>%1 达到了上限（%2）</translation>
    </message>
    <message>
        <source>%1 used the tool %2</source>
        <translation>%1 使用了工具 %2</translation>
    </message>
    <message>
        <source>The tool %1 finished</source>
        <translation>工具 %1 已完成</translation>
    </message>
    <message>
        <source>The tool %1 returned an error: %2</source>
        <translation>工具 %1 返回了错误：%2</translation>
    </message>
    <message>
        <source>The tool %1 was not run: %2</source>
        <translation>工具 %1 未执行：%2</translation>
    </message>
    <message>
        <source>%1 waits for your approval: %2</source>
        <translation>%1 正在等待你的批准：%2</translation>
    </message>
    <message>
        <source>You approved %1</source>
        <translation>你批准了 %1</translation>
    </message>
    <message>
        <source>You approved %1 with your own edits</source>
        <translation>你带着自己的修改批准了 %1</translation>
    </message>
    <message>
        <source>You rejected %1</source>
        <translation>你拒绝了 %1</translation>
    </message>
    <message>
        <source>The approval asked for %1 was withdrawn</source>
        <translation>对 %1 的批准请求已撤回</translation>
    </message>
    <message>
        <source>%1 wrote %2 (version %3)</source>
        <translation>%1 写了 %2（版本 %3）</translation>
    </message>
    <message>
        <source>%1 was restored from version %2</source>
        <translation>%1 已从版本 %2 恢复</translation>
    </message>
    <message>
        <source>The studio kept a checkpoint of %1 files</source>
        <translation>工作室保存了 %1 个文件的检查点</translation>
    </message>
    <message>
        <source>A link was skipped: %1</source>
        <translation>已跳过一个链接：%1</translation>
    </message>
    <message>
        <source>%1 asked to publish %2 to the chat</source>
        <translation>%1 请求将 %2 提交到对话</translation>
    </message>
    <message>
        <source>%1 published %2 to the chat (version %3)</source>
        <translation>%1 已将 %2 提交到对话（版本 %3）</translation>
    </message>
    <message>
        <source>%1 wrote the library entry %2</source>
        <translation>%1 写了资料库条目 %2</translation>
    </message>
    <message>
        <source>%1 reads story library entries (%2)</source>
        <translation>%1 读取故事资料库条目（%2）</translation>
    </message>
    <message>
        <source>%1 reads canon facts (%2)</source>
        <translation>%1 读取正典事实（%2）</translation>
    </message>
    <message>
        <source>%1 proposed a canon fact: “%2”</source>
        <translation>%1 提议了一条正典事实：“%2”</translation>
    </message>
    <message>
        <source>The studio gathered what %1 knows of the scene</source>
        <translation>工作室整理了 %1 对场景所知的内容</translation>
    </message>
    <message>
        <source>%1 told %2: “%3”</source>
        <translation>%1 告诉 %2：“%3”</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>接下来由 %1 发言</translation>
    </message>
    <message>
        <source>%1 may use these Skills: %2</source>
        <translation>%1 可以使用这些技能：%2</translation>
    </message>
    <message>
        <source>%1 has no Skills to use</source>
        <translation>%1 没有可用的技能</translation>
    </message>
    <message>
        <source>%1 asked to hand the work to %2</source>
        <translation>%1 请求把工作交接给 %2</translation>
    </message>
    <message>
        <source>%1 handed the work to %2: “%3”</source>
        <translation>%1 把工作交接给了 %2：“%3”</translation>
    </message>
    <message>
        <source>%1 handed the work to %2</source>
        <translation>%1 把工作交接给了 %2</translation>
    </message>
    <message>
        <source>%1 takes over: %2</source>
        <translation>%1 接手：%2</translation>
    </message>
    <message>
        <source>A step of the handoff to %1 failed</source>
        <translation>交接给 %1 的一个步骤失败</translation>
    </message>
    <message>
        <source>%1 asked %2 to help: “%3”</source>
        <translation>%1 请 %2 帮忙：“%3”</translation>
    </message>
    <message>
        <source>%1 waits for its helpers</source>
        <translation>%1 正在等待助手</translation>
    </message>
    <message>
        <source>%1 stopped waiting for its helpers</source>
        <translation>%1 不再等待助手</translation>
    </message>
    <message>
        <source>A helper reported back</source>
        <translation>一个助手已回报</translation>
    </message>
    <message>
        <source>%1 received its helpers&apos; results</source>
        <translation>%1 收到了助手的结果</translation>
    </message>
    <message>
        <source>%1 asked for a review: “%2”</source>
        <translation>%1 请求审查：“%2”</translation>
    </message>
    <message>
        <source>%1&apos;s review could not be read; it was asked again</source>
        <translation>%1 的审查无法读取，已再次请求</translation>
    </message>
    <message>
        <source>The review is done: %1</source>
        <translation>审查完成：%1</translation>
    </message>
    <message>
        <source>You sent guidance: “%1”</source>
        <translation>你发送了指导：“%1”</translation>
    </message>
    <message>
        <source>%1 received your guidance</source>
        <translation>%1 收到了你的指导</translation>
    </message>
    <message>
        <source>The handoff document is ready</source>
        <translation>交接文档已就绪</translation>
    </message>
    <message>
        <source>The handoff document was cancelled</source>
        <translation>交接文档已取消</translation>
    </message>
    <message>
        <source>The handoff document could not be written</source>
        <translation>无法写出交接文档</translation>
    </message>
    <message>
        <source>The handoff document came back empty</source>
        <translation>交接文档为空</translation>
    </message>
    <message>
        <source>The studio</source>
        <translation>工作室</translation>
    </message>
    <message>
        <source>An event this version does not know (%1)</source>
        <translation>此版本不认识的事件（%1）</translation>
    </message>
</context>
<context>
    <name>EventSummary</name>
    <message>
        <source>(first stage)</source>
        <translation>（第一阶段）</translation>
    </message>
    <message>
        <source>(next stage)</source>
        <translation>（下一阶段）</translation>
    </message>
    <message>
        <source>(helper)</source>
        <translation>（助手）</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>model call %1</source>
        <translation>模型调用 %1</translation>
    </message>
    <message>
        <source>%1+%2 tokens, %3 ms → %4</source>
        <translation>%1+%2 个 token，%3 毫秒 → %4</translation>
    </message>
    <message>
        <source>~%1+~%2 tokens (estimated), %3 ms → %4</source>
        <translation>~%1+~%2 个令牌（估算），%3 ms → %4</translation>
    </message>
    <message>
        <source>call %1 to %2 (%3 messages)</source>
        <translation>第 %1 次调用 %2（%3 条消息）</translation>
    </message>
    <message>
        <source>%1 (version %2, %3 bytes)</source>
        <translation>%1（版本 %2，%3 字节）</translation>
    </message>
    <message>
        <source>%1 waits for approval</source>
        <translation>%1 等待批准</translation>
    </message>
    <message>
        <source>%1 → chat (version %2)</source>
        <translation>%1 → 对话（版本 %2）</translation>
    </message>
    <message>
        <source>“%1”: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>warning · %1 issues</source>
        <translation>警告 · %1 个问题</translation>
    </message>
    <message>
        <source>warning · 1 issue</source>
        <translation>警告 · 1 个问题</translation>
    </message>
    <message>
        <source>conflict · %1 issues</source>
        <translation>冲突 · %1 个问题</translation>
    </message>
    <message>
        <source>conflict · 1 issue</source>
        <translation>冲突 · 1 个问题</translation>
    </message>
    <message>
        <source>failed (%1)</source>
        <translation>失败（%1）</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 answered in text</source>
        <translation>由工作室移交：%1 以文本作答</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 committed, then answered in text</source>
        <translation>由工作室移交：%1 发布后又以文本作答</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 wrote its draft, then answered in text</source>
        <translation>由工作室移交：%1 写好草稿后又以文本作答</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 did not hand the work on itself</source>
        <translation>由工作室移交：%1 没有自己移交工作</translation>
    </message>
    <message>
        <source>handed on by the studio: %1 used all its rounds</source>
        <translation>由工作室移交：%1 用完了所有轮次</translation>
    </message>
    <message>
        <source>handed on by the studio: %1&apos;s tool calls were refused or changed nothing, three turns in a row</source>
        <translation>由工作室移交：%1 的工具调用连续三轮被拒绝或没有任何改变</translation>
    </message>
    <message>
        <source>kept as a note, not as the answer: %1</source>
        <translation>作为备注保留，而非回答：%1</translation>
    </message>
</context>
<context>
    <name>EventsModel</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export manuscript</source>
        <extracomment>the manuscript format&apos;s contact block (legal name, address, phone, email), remembered like the author</extracomment>
        <translation>导出书稿</translation>
    </message>
    <message>
        <source>Word document (.docx)</source>
        <extracomment>the project a book is written in names it; else the title the text opens with; else the chat&apos;s name</extracomment>
        <translation>Word 文档 (.docx)</translation>
    </message>
    <message>
        <source>EPUB e-book (.epub)</source>
        <translation>EPUB 电子书 (.epub)</translation>
    </message>
    <message>
        <source>Markdown (.md)</source>
        <translation>Markdown (.md)</translation>
    </message>
    <message>
        <source>Plain text (.txt)</source>
        <translation>纯文本 (.txt)</translation>
    </message>
    <message>
        <source>Standard manuscript format (12 pt, double-spaced, running header)</source>
        <translation>标准书稿格式（12 磅、双倍行距、页眉）</translation>
    </message>
    <message>
        <source>Book (heading styles for navigation and import)</source>
        <translation>图书（用于导航和导入的标题样式）</translation>
    </message>
    <message>
        <source>The project&apos;s name</source>
        <translation>项目的名称</translation>
    </message>
    <message>
        <source>The heading the first answer opens with</source>
        <translation>第一个回答开头的标题</translation>
    </message>
    <message>
        <source>The chat&apos;s name</source>
        <translation>聊天的名称</translation>
    </message>
    <message>
        <source>from the text (e.g. en, de, zh, ja)</source>
        <translation>根据正文判断（如 en、de、zh、ja）</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F):</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P):</translation>
    </message>
    <message>
        <source>&amp;Title:</source>
        <translation>标题(&amp;T):</translation>
    </message>
    <message>
        <source>&amp;Author:</source>
        <translation>作者(&amp;A):</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L):</translation>
    </message>
    <message>
        <source>Answers to include:</source>
        <translation>要包含的回答:</translation>
    </message>
    <message>
        <source>Chapters:</source>
        <translation>章节:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Save as:</source>
        <translation>保存为:</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Contact on the title page (manuscript format)</source>
        <translation>标题页上的联系方式（稿件格式）</translation>
    </message>
    <message>
        <source>as the author, when empty</source>
        <translation>留空则同作者</translation>
    </message>
    <message>
        <source>Street, town, postcode, country</source>
        <translation>街道、城市、邮编、国家</translation>
    </message>
    <message>
        <source>Legal &amp;name:</source>
        <translation>真实姓名(&amp;N):</translation>
    </message>
    <message>
        <source>A&amp;ddress:</source>
        <translation>地址(&amp;D):</translation>
    </message>
    <message>
        <source>P&amp;hone:</source>
        <translation>电话(&amp;H):</translation>
    </message>
    <message>
        <source>E&amp;mail:</source>
        <translation>电子邮件(&amp;M):</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n chapter(s)</source>
        <translation>
            <numerusform>%n 章</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s)</source>
        <translation>
            <numerusform>%n 字</numerusform>
        </translation>
    </message>
    <message>
        <source>language: %1</source>
        <translation>语言：%1</translation>
    </message>
    <message>
        <source>Wrote %1 (%2, %3).</source>
        <translation>已写入 %1（%2，%3）。</translation>
    </message>
    <message>
        <source>This chat has no answers yet: there is nothing to export.</source>
        <translation>此对话还没有回答：没有可导出的内容。</translation>
    </message>
    <message>
        <source>Tick at least one answer to export.</source>
        <translation>请至少勾选一个要导出的回答。</translation>
    </message>
    <message>
        <source>Say where to save the file.</source>
        <translation>请指定文件的保存位置。</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
    <message>
        <source>Open a chat to export its answers.</source>
        <translation>请打开一个对话以导出其回答。</translation>
    </message>
    <message>
        <source>Exported the manuscript to %1.</source>
        <translation>书稿已导出到 %1。</translation>
    </message>
</context>
<context>
    <name>FallbackOffer</name>
    <message>
        <source>Instead:</source>
        <translation>也可以:</translation>
    </message>
    <message>
        <source>Carry the chat over as it is</source>
        <translation>按原样转入聊天</translation>
    </message>
    <message>
        <source>The new chat starts from this chat&apos;s messages as they are; you review them first</source>
        <translation>新聊天将以此聊天的消息原样开始；你会先审阅它们</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>打开设置</translation>
    </message>
    <message>
        <source>Add or fix a model connection, then hand off again</source>
        <translation>添加或修复模型连接，然后再次交接</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <source>Find in chat</source>
        <translation>在对话中查找</translation>
    </message>
    <message>
        <source>▲</source>
        <translation>▲</translation>
    </message>
    <message>
        <source>▼</source>
        <translation>▼</translation>
    </message>
</context>
<context>
    <name>ForecastLine</name>
    <message>
        <source>Forecast</source>
        <translation>预估</translation>
    </message>
    <message>
        <source>Forecast: first requests %1 tokens; the whole run %2–%3 in, %4–%5 out</source>
        <translation>预估：首个请求 %1 个词元；整个运行输入 %2–%3，输出 %4–%5</translation>
    </message>
    <message>
        <source>; about %1–%2 %3</source>
        <translation>；约 %1–%2 %3</translation>
    </message>
    <message>
        <source>(counted by the model&apos;s server)</source>
        <translation>（由模型服务器计数）</translation>
    </message>
    <message>
        <source>(approximate: about four characters a token)</source>
        <translation>（估算：每个词元约四个字符）</translation>
    </message>
    <message>
        <source>What this message would take before you send it. Each stage&apos;s first request, then the whole run: at least one call per stage with a short answer, at most six calls per stage, each answer up to 1,000 tokens.</source>
        <translation>发送前这条消息将需要的量。先是每个阶段的首个请求，然后是整个运行：每个阶段至少一次简短回答的调用，至多六次，每次回答最多 1,000 个词元。</translation>
    </message>
    <message>
        <source>counted by the model&apos;s server</source>
        <translation>由模型服务器计数</translation>
    </message>
    <message>
        <source>approximate: about four characters a token</source>
        <translation>估算：每个词元约四个字符</translation>
    </message>
    <message>
        <source>%1: %2 tokens, %3</source>
        <translation>%1：%2 个词元，%3</translation>
    </message>
    <message>
        <source>No cost: a connection of this relay has no prices (Settings → Connections).</source>
        <translation>无费用：此接力的某个连接没有价格（设置 → 连接）。</translation>
    </message>
</context>
<context>
    <name>ForecastRow</name>
    <message>
        <source>Forecast against actual</source>
        <translation>预估与实际</translation>
    </message>
    <message>
        <source>What the forecast under the composer said before Send, against what the run&apos;s model calls used (“~”: some counts are estimated).</source>
        <translation>发送前输入框下方的预估，与本次运行的模型调用实际用量（“~”：部分数字为估算）。</translation>
    </message>
    <message>
        <source>Forecast %1–%2 input tokens · used %3</source>
        <translation>预估输入 token %1–%2 · 实际 %3</translation>
    </message>
    <message>
        <source> · cost %1–%2 %4, used %3 %4</source>
        <translation> · 费用 %1–%2 %4，实际 %3 %4</translation>
    </message>
</context>
<context>
    <name>ForkDialog</name>
    <message>
        <source>Rerun from stage %1</source>
        <extracomment>the brief as a handoff brief (stage 2 on), the creator&apos;s message (stage 1)</extracomment>
        <translation>从阶段 %1 重新运行</translation>
    </message>
    <message>
        <source>A new run of this chat starts at this stage, with the files as the stage found them. This run stays as it is; what the new one commits becomes a new version of the answer.</source>
        <translation>此对话的新运行将从此阶段开始，文件为该阶段开始时的状态。此运行保持不变；新运行提交的内容将成为回答的新版本。</translation>
    </message>
    <message>
        <source>Agent:</source>
        <translation>智能体：</translation>
    </message>
    <message>
        <source>As each agent&apos;s profile says</source>
        <translation>按各智能体的配置</translation>
    </message>
    <message>
        <source>Model connection:</source>
        <translation>模型连接：</translation>
    </message>
    <message>
        <source>the connection&apos;s default model</source>
        <translation>该连接的默认模型</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>The creator&apos;s message:</source>
        <translation>创作者的消息：</translation>
    </message>
    <message>
        <source>The brief&apos;s objective:</source>
        <translation>说明的目标：</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Rerun</source>
        <translation>重新运行</translation>
    </message>
</context>
<context>
    <name>GeneralSettings</name>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>The window&apos;s language; a change applies the next time Relay Studio starts</source>
        <translation>窗口语言；更改将在下次启动 Relay Studio 时生效</translation>
    </message>
    <message>
        <source>As the system (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>What {{user}} in SillyTavern character cards and World Info becomes in the agents&apos; prompts and in the chat; the agents&apos; own names take {{char}}</source>
        <translation>SillyTavern 角色卡和 World Info 中的 {{user}} 在智能体的提示词和对话中替换为此名字；{{char}} 替换为智能体自己的名字</translation>
    </message>
    <message>
        <source>Your name in stories</source>
        <translation>你在故事中的名字</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>数据文件夹</translation>
    </message>
    <message>
        <source>Applies the next time Relay Studio starts.</source>
        <translation>将在下次启动 Relay Studio 时生效。</translation>
    </message>
</context>
<context>
    <name>HandedOffCard</name>
    <message>
        <source>the new chat starts from it; no request of this chat includes it</source>
        <translation>新对话从它开始；本对话的请求都不包含它</translation>
    </message>
    <message>
        <source>Open chat</source>
        <translation>打开对话</translation>
    </message>
    <message>
        <source>Open the chat “%1”</source>
        <translation>打开对话“%1”</translation>
    </message>
</context>
<context>
    <name>HandoffCard</name>
    <message>
        <source>Handoff document</source>
        <translation>交接文档</translation>
    </message>
    <message>
        <source>this chat starts from it; every request of the chat includes it</source>
        <translation>本对话从它开始；对话的每次请求都包含它</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the handoff document</source>
        <translation>复制交接文档</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
    <message>
        <source>Hide the document</source>
        <translation>隐藏文档</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>Show the document</source>
        <translation>显示文档</translation>
    </message>
</context>
<context>
    <name>HandoffDialog</name>
    <message>
        <source>Hand off “%1” to a new chat</source>
        <translation>将“%1”交接到新对话</translation>
    </message>
    <message>
        <source>Writing the handoff document… (Esc cancels)</source>
        <translation>正在撰写交接文档…（Esc 取消）</translation>
    </message>
    <message>
        <source>Handoff document</source>
        <translation>交接文档</translation>
    </message>
    <message>
        <source>The document appears here as the agent writes it.</source>
        <translation>智能体撰写时，文档会在这里逐步显示。</translation>
    </message>
    <message>
        <source>New chat:</source>
        <translation>新对话：</translation>
    </message>
    <message>
        <source>New chat</source>
        <translation>新聊天</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the document to the clipboard</source>
        <translation>将文档复制到剪贴板</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Start the new chat</source>
        <translation>开始新对话</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Written in %1.</source>
        <translation>用时 %1 写成。</translation>
    </message>
    <message>
        <source>Review the document: it is what the new chat starts from. Edit it freely.</source>
        <translation>请检查文档：新对话将从它开始。可以随意编辑。</translation>
    </message>
    <message numerus="yes">
        <source>The chat was too long for the agent&apos;s model, so it wrote this without the oldest %n message(s); add what it could not know.</source>
        <translation>
            <numerusform>对话对智能体的模型来说太长，因此它在写作时略去了最早的 %n 条消息；请补充它无从得知的内容。</numerusform>
        </translation>
    </message>
    <message>
        <source>The document lacks these sections: %1. Add them, or start the new chat as it is.</source>
        <translation>文档缺少这些部分：%1。请补上，或按现状开始新对话。</translation>
    </message>
    <message>
        <source>After %1.</source>
        <translation>%1 之后。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>The document is empty; write something the new chat can start from.</source>
        <translation>文档为空；请写些新对话可以开始的内容。</translation>
    </message>
    <message>
        <source>Copied the document to the clipboard.</source>
        <translation>已将文档复制到剪贴板。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>HandoffFallback</name>
    <message>
        <source>There is no model connection yet to write it.</source>
        <translation>还没有可用于撰写它的模型连接。</translation>
    </message>
    <message>
        <source>The model server did not answer; is it running?</source>
        <translation>模型服务器没有响应；它在运行吗？</translation>
    </message>
    <message>
        <source>The model server stopped answering.</source>
        <translation>模型服务器停止了响应。</translation>
    </message>
    <message>
        <source>The model server refused the connection&apos;s key.</source>
        <translation>模型服务器拒绝了该连接的密钥。</translation>
    </message>
    <message>
        <source>The connection has no model chosen.</source>
        <translation>该连接没有选择模型。</translation>
    </message>
    <message>
        <source>Handoff cancelled. Nothing was changed.</source>
        <translation>交接已取消。未做任何更改。</translation>
    </message>
    <message>
        <source>The agent answered without any text.</source>
        <translation>智能体的回答没有任何文字。</translation>
    </message>
    <message>
        <source>The agent could not write it (%1).</source>
        <translation>智能体无法撰写它（%1）。</translation>
    </message>
    <message>
        <source>The handoff document was not written: %1 Nothing was changed.</source>
        <translation>交接文档未能写成：%1未做任何更改。</translation>
    </message>
</context>
<context>
    <name>HandoffFlow</name>
    <message>
        <source>Not sent: you opened another chat meanwhile; the message waits in its chat.</source>
        <translation>未发送：你在此期间打开了另一个对话；消息留在原对话中。</translation>
    </message>
    <message>
        <source>Continued in “%1”, seeded with the handoff document.</source>
        <translation>已在“%1”中继续，以交接文档开头。</translation>
    </message>
</context>
<context>
    <name>HandoffFocus</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>交接到新对话</translation>
    </message>
    <message>
        <source>What should the new chat focus on? Leave it empty to carry the whole chat over.</source>
        <translation>新对话应该聚焦于什么？留空则带上整个对话。</translation>
    </message>
    <message>
        <source>Write the handoff</source>
        <translation>撰写交接</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>HandoffOffer</name>
    <message>
        <source>Hand off to a new chat</source>
        <translation>交接到新对话</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; you review it, and a new chat starts from it</source>
        <translation>智能体根据本对话撰写交接文档；你审阅后，新对话从它开始</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>忽略</translation>
    </message>
</context>
<context>
    <name>HeaderRow</name>
    <message>
        <source>Header name, e.g. X-Auth-Token</source>
        <translation>请求头名称，例如 X-Auth-Token</translation>
    </message>
    <message>
        <source>Plain</source>
        <translation>明文</translation>
    </message>
    <message>
        <source>Not a secret: keep the value as it is, in the app&apos;s settings</source>
        <translation>不是机密：按原样保存在应用设置中</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Drop this header</source>
        <translation>删除此请求头</translation>
    </message>
    <message>
        <source>kept (type to replace)</source>
        <translation>已保存（输入以替换）</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>HeadersTable</name>
    <message>
        <source>Add header</source>
        <translation>添加请求头</translation>
    </message>
    <message>
        <source>An extra HTTP header the server needs; its value is kept like a key</source>
        <translation>服务器需要的额外 HTTP 请求头；其值像密钥一样保管</translation>
    </message>
    <message>
        <source>A header needs a name.</source>
        <translation>请求头需要名称。</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; is there twice.</source>
        <translation>请求头“%1”重复了。</translation>
    </message>
    <message>
        <source>The header &apos;%1&apos; needs a value.</source>
        <translation>请求头“%1”需要值。</translation>
    </message>
</context>
<context>
    <name>IdentitySection</name>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>How other agents and files name it: lowercase letters, digits, - and _.</source>
        <translation>其他智能体和文件如何称呼它：小写字母、数字、- 和 _。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>The name shown in the chat and the library.</source>
        <translation>在对话和资料库中显示的名称。</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Can start a run from the chat</source>
        <translation>可以从对话发起运行</translation>
    </message>
</context>
<context>
    <name>ImportFlow</name>
    <message>
        <source>An entry differs</source>
        <translation>有一个条目不同</translation>
    </message>
    <message>
        <source>%1 has “%2”, which differs from “%3” in the story library.</source>
        <translation>%1 中的“%2”与故事资料库中的“%3”不同。</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Keep both</source>
        <translation>都保留</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Do the same for the other differing entries of this import</source>
        <translation>对本次导入中其他不同的条目也这样处理</translation>
    </message>
    <message>
        <source>%1: imported %2.</source>
        <translation>%1：已导入 %2。</translation>
    </message>
    <message>
        <source>%1: nothing new to import.</source>
        <translation>%1：没有新的内容可导入。</translation>
    </message>
    <message>
        <source>Already in the library, unchanged: %1.</source>
        <translation>已在资料库中，未更改：%1。</translation>
    </message>
    <message>
        <source>Replaced: %1.</source>
        <translation>已替换：%1。</translation>
    </message>
    <message>
        <source>Kept both; the imported copies are %1.</source>
        <translation>都已保留；导入的副本是 %1。</translation>
    </message>
    <message>
        <source>Skipped (they differ from the entries there): %1.</source>
        <translation>已跳过（与现有条目不同）：%1。</translation>
    </message>
    <message>
        <source>Removed %1 hidden characters from “%2” (the imported file keeps them).</source>
        <translation>已从“%2”中移除 %1 个隐藏字符（导入的文件仍保留它们）。</translation>
    </message>
    <message>
        <source>Import character cards</source>
        <translation>导入角色卡</translation>
    </message>
    <message>
        <source>Also create an agent that plays the character? (%1)</source>
        <translation>同时创建一个扮演该角色的智能体吗？（%1）</translation>
    </message>
    <message>
        <source>The agent answers in the chat as the character and can look things up in the story library.</source>
        <translation>该智能体在对话中以该角色的身份回答，并可以查阅故事资料库。</translation>
    </message>
    <message>
        <source>No agent was made for “%1”.</source>
        <translation>没有为“%1”创建智能体。</translation>
    </message>
    <message>
        <source>Made the agent “%1”: it is in the agent list.</source>
        <translation>已创建智能体“%1”：它在智能体列表中。</translation>
    </message>
    <message>
        <source>⚠ The card&apos;s picture was not kept (the agent shows initials): %1</source>
        <translation>⚠ 未保留卡片的图片（智能体显示姓名缩写）：%1</translation>
    </message>
</context>
<context>
    <name>KeysView</name>
    <message>
        <source>Untick a key to stop it counting as a mention; it stays with the entry</source>
        <translation>取消勾选某个关键词，它就不再算作提及；它仍保留在条目中</translation>
    </message>
    <message>
        <source>%1 — matches common words</source>
        <translation>%1 — 匹配常用词</translation>
    </message>
    <message>
        <source>⚠ These keys match common words and mark every use of them in every chat: %1. Untick them to turn them off.</source>
        <translation>⚠ 这些关键词匹配常用词，会标记每个对话中的每一次使用：%1。取消勾选即可关闭它们。</translation>
    </message>
    <message>
        <source>Only when the text also has (%1): %2</source>
        <translation>仅当文本中还包含（%1）：%2</translation>
    </message>
</context>
<context>
    <name>KnowledgeView</name>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Add Markdown, text, PDF, EPUB or HTML files to this project&apos;s knowledge</source>
        <translation>将 Markdown、文本、PDF、EPUB 或 HTML 文件添加到本项目的知识库</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No documents yet. Import… rulebooks, research or notes (Markdown, text, PDF, EPUB, HTML): agents allowed to search knowledge quote passages from them and cite where each one stands, and you can search them here.</source>
        <translation>还没有文档。导入规则书、研究资料或笔记（Markdown、文本、PDF、EPUB、HTML）：获准搜索知识库的代理会引用其中的段落并注明出处，你也可以在这里搜索。</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页数</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Search the documents…</source>
        <translation>搜索文档…</translation>
    </message>
    <message>
        <source>Search the documents</source>
        <translation>搜索文档</translation>
    </message>
    <message>
        <source>%1 (from %2)</source>
        <translation>%1（来自 %2）</translation>
    </message>
    <message>
        <source>Import into the knowledge library</source>
        <translation>导入知识库</translation>
    </message>
    <message>
        <source>Documents (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;All files (*)</source>
        <translation>文档 (*.md *.markdown *.txt *.pdf *.epub *.html *.htm);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Stopping after this page…</source>
        <translation>将在本页后停止…</translation>
    </message>
    <message>
        <source>, page %1 of %2</source>
        <translation>，第 %1 / %2 页</translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>文件 %1 / %2：%3</translation>
    </message>
    <message>
        <source>⚠ The import stopped: %1</source>
        <translation>⚠ 导入已中止：%1</translation>
    </message>
    <message>
        <source>Imported %1.</source>
        <translation>已导入 %1。</translation>
    </message>
    <message>
        <source>“%1”: %2 pieces of hidden text (white, tiny, off the page or invisible characters) were left out of what the agents read; the file keeps them.</source>
        <translation>“%1”：%2 处隐藏文本（白色、极小、页面之外或不可见字符）未纳入智能体读取的内容；文件仍保留它们。</translation>
    </message>
    <message>
        <source>Cancelled: the document being read was not kept.</source>
        <translation>已取消：正在读取的文档没有保留。</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>没有导入任何内容。</translation>
    </message>
    <message>
        <source>Removed “%1”.</source>
        <translation>已移除“%1”。</translation>
    </message>
    <message>
        <source>&lt;p&gt;No passage contains these words. Try other words.&lt;/p&gt;</source>
        <translation>&lt;p&gt;没有段落包含这些词。请换些词试试。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>That document is no longer in this project&apos;s knowledge library.</source>
        <translation>该文档已不在此项目的知识库中。</translation>
    </message>
    <message>
        <source>page %1</source>
        <translation>第 %1 页</translation>
    </message>
    <message>
        <source>section “%1”</source>
        <translation>章节“%1”</translation>
    </message>
    <message>
        <source>characters %1–%2</source>
        <translation>第 %1–%2 个字符</translation>
    </message>
</context>
<context>
    <name>LanesView</name>
    <message>
        <source>Handoff to %1: %2</source>
        <translation>交接给 %1：%2</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>denied</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>已忽略</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Select a run to see its timeline.</source>
        <translation>选择一次运行以查看其时间线。</translation>
    </message>
    <message>
        <source>Handoffs</source>
        <translation>交接</translation>
    </message>
    <message>
        <source>handed on by the studio</source>
        <translation>由工作室移交</translation>
    </message>
    <message>
        <source>Foreground</source>
        <translation>前台</translation>
    </message>
</context>
<context>
    <name>LibraryPanel</name>
    <message>
        <source>Story library</source>
        <translation>故事资料库</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>Canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>⚠ The project&apos;s files could not be read: %1</source>
        <translation>⚠ 无法读取项目的文件：%1</translation>
    </message>
    <message numerus="yes">
        <source>Skills ⚠ %n</source>
        <translation>
            <numerusform>技能 ⚠ %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n Skill file(s) could not be read; the Skills tab says why.</source>
        <translation>
            <numerusform>有 %n 个技能文件无法读取；“技能”标签页会说明原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Project “%1”</source>
        <translation>项目“%1”</translation>
    </message>
</context>
<context>
    <name>LimitsSection</name>
    <message>
        <source>Model rounds per stage</source>
        <translation>每阶段的模型轮数</translation>
    </message>
    <message>
        <source>Tool calls per stage</source>
        <translation>每阶段的工具调用数</translation>
    </message>
    <message>
        <source>Chat history messages (-1: all)</source>
        <translation>对话历史消息数（-1：全部）</translation>
    </message>
</context>
<context>
    <name>LineageCard</name>
    <message>
        <source>Open the chat “%1”</source>
        <translation>打开对话“%1”</translation>
    </message>
</context>
<context>
    <name>LiveRunCard</name>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop this run (Esc)</source>
        <translation>停止此次运行 (Esc)</translation>
    </message>
    <message>
        <source>Review changes</source>
        <translation>审阅修改</translation>
    </message>
    <message>
        <source>The agent is thinking…</source>
        <translation>智能体正在思考…</translation>
    </message>
    <message>
        <source>is working</source>
        <translation>正在工作</translation>
    </message>
    <message>
        <source>is waiting for your approval</source>
        <translation>正在等待你的批准</translation>
    </message>
    <message>
        <source>is stopping…</source>
        <translation>正在停止…</translation>
    </message>
</context>
<context>
    <name>LocalServerFinder</name>
    <message>
        <source>Find local servers</source>
        <extracomment>the usual servers and the host they are looked for on (tests probe their own loopback server)</extracomment>
        <translation>查找本地服务器</translation>
    </message>
    <message>
        <source>Look for Ollama, LM Studio, llama.cpp, KoboldCpp, Jan or vLLM on this computer</source>
        <translation>在本机上查找 Ollama、LM Studio、llama.cpp、KoboldCpp、Jan 或 vLLM</translation>
    </message>
    <message>
        <source>also look on ports, e.g. 9000 8081</source>
        <translation>另外查找的端口，例如 9000 8081</translation>
    </message>
    <message>
        <source>Besides the usual ports (%1)</source>
        <translation>除常用端口（%1）之外</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a list of port numbers (1-65535), e.g. 9000 8081.</source>
        <translation>“%1”不是端口号列表（1-65535），例如 9000 8081。</translation>
    </message>
    <message>
        <source>Looking for model servers on this computer…</source>
        <translation>正在本机上查找模型服务器…</translation>
    </message>
    <message>
        <source>Tried ports %1.</source>
        <translation>已尝试端口 %1。</translation>
    </message>
    <message>
        <source>No model server answered on this computer.</source>
        <translation>本机上没有模型服务器响应。</translation>
    </message>
    <message>
        <source>; also %1</source>
        <translation>；另有 %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>位于 %2 的 %1</translation>
    </message>
    <message numerus="yes">
        <source>Found %1 at %2 with %n model(s); the form below is filled in for it — Add connection to keep it%3.</source>
        <translation>
            <numerusform>在 %2 找到 %1，含 %n 个模型；下方表单已填好——点击“添加连接”即可保存%3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MadeNames</name>
    <message>
        <source>Welcome</source>
        <extracomment>the names the studio gives what it makes itself: stored in English (code finds the Welcome chat by its name), shown in the window&apos;s language until the creator renames them</extracomment>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Relay Studio</source>
        <translation>Relay Studio</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>资料库</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval. Quit now? The run waits for you: Relay Studio asks you again when it next starts.</source>
        <translation>
            <numerusform>%n 项更改正在等待你的批准。现在退出吗？运行会等待你：Relay Studio 下次启动时会再次询问。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;New chat</source>
        <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
        <source>Hand off to a new chat…</source>
        <translation>交接到新对话…</translation>
    </message>
    <message>
        <source>The agent writes a handoff document from this chat; a new chat starts from it (or type /handoff in the composer)</source>
        <translation>智能体根据本对话撰写交接文档，新对话从它开始（也可以在输入框中输入 /handoff）</translation>
    </message>
    <message>
        <source>&amp;Import profile…</source>
        <translation>导入配置(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Write this chat&apos;s answers as a manuscript: Word, EPUB, Markdown or plain text</source>
        <translation>将此对话的回答写成书稿：Word、EPUB、Markdown 或纯文本</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>New s&amp;cene…</source>
        <translation>新建场景(&amp;C)…</translation>
    </message>
    <message>
        <source>A chat in which characters speak in turn, each knowing only what it witnessed</source>
        <translation>角色轮流发言、每个角色只知道自己亲历之事的聊天</translation>
    </message>
    <message>
        <source>New &amp;project…</source>
        <translation>新建项目(&amp;P)…</translation>
    </message>
    <message>
        <source>Rena&amp;me project…</source>
        <translation>重命名项目(&amp;M)…</translation>
    </message>
    <message>
        <source>New &amp;agent…</source>
        <translation>新建智能体(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;User guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>The guide shipped with Relay Studio, to read offline</source>
        <translation>随 Relay Studio 附带的指南，可离线阅读</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>时间线(&amp;T)</translation>
    </message>
    <message>
        <source>Check &amp;continuity…</source>
        <translation>检查连贯性(&amp;C)…</translation>
    </message>
    <message>
        <source>Find where this chat contradicts the project&apos;s canon, with both passages</source>
        <translation>找出此对话与项目正典矛盾之处,并列出两处原文</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Find in chat</source>
        <translation>在对话中查找(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>发送(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Enter sends (Shift+Enter adds a line)</source>
        <translation>Enter 发送(&amp;E)（Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Plain Enter sends the message; otherwise it adds a line and Ctrl+Enter sends</source>
        <translation>单按 Enter 即发送消息；否则 Enter 换行，Ctrl+Enter 发送</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Run the &amp;demo relay</source>
        <translation>运行演示接力(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Chat</source>
        <translation>对话(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Timeline fills the window</source>
        <translation>时间线铺满窗口</translation>
    </message>
    <message>
        <source>&amp;Library</source>
        <translation>资料库(&amp;L)</translation>
    </message>
    <message>
        <source>The project&apos;s story library, knowledge and Skills</source>
        <translation>项目的故事资料库、知识库和技能</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <source>The library on the left, the chat, the timeline on the right</source>
        <translation>左侧资料库，中间对话，右侧时间线</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>About Relay Studio</source>
        <translation>关于 Relay Studio</translation>
    </message>
    <message>
        <source>Model connections are not available in this build; the demo relay runs offline.</source>
        <translation>此版本不提供模型连接；演示接力离线运行。</translation>
    </message>
    <message>
        <source>The model connections could not be read; the demo relay still runs offline.</source>
        <translation>无法读取模型连接；演示接力仍可离线运行。</translation>
    </message>
    <message>
        <source>No model connection yet. Add one in Settings → Connections (Ctrl+,), for example a model server on this computer; meanwhile, the demo relay runs offline.</source>
        <translation>还没有模型连接。请在 设置 → 连接 (Ctrl+,) 中添加，例如本机上的模型服务器；在此之前，演示接力离线运行。</translation>
    </message>
    <message>
        <source>Relay Studio — write with several AI agents that pass the work along.</source>
        <translation>Relay Studio —— 与多个依次传递工作的 AI 智能体一起写作。</translation>
    </message>
    <message>
        <source>A run is still going. Quit anyway? It will be stopped.</source>
        <translation>仍有运行在进行。仍要退出吗？它将被停止。</translation>
    </message>
    <message>
        <source>Quit Relay Studio</source>
        <translation>退出 Relay Studio</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <extracomment>(name, standard key, what it does to the field, when it can)</extracomment>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
</context>
<context>
    <name>MentionTooltip</name>
    <message>
        <source>also called %1</source>
        <translation>又名 %1</translation>
    </message>
    <message>
        <source>No description yet.</source>
        <translation>尚无描述。</translation>
    </message>
</context>
<context>
    <name>MessageCard</name>
    <message>
        <source>Earlier version</source>
        <translation>上一版本</translation>
    </message>
    <message>
        <source>Later version</source>
        <translation>下一版本</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy this message</source>
        <translation>复制此消息</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Answer the same request again; this answer stays as an earlier version</source>
        <translation>重新回答同一请求；当前回答保留为旧版本</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>时间线</translation>
    </message>
    <message>
        <source>Show this run on the timeline</source>
        <translation>在时间线上显示此次运行</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit this message and send it again as a new message</source>
        <translation>编辑此消息并作为新消息再次发送</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Remove this message from the chat (what agents committed stays in the run&apos;s history)</source>
        <translation>从对话中移除此消息（智能体已提交的内容保留在运行历史中）</translation>
    </message>
    <message>
        <source>Sources the agents looked up</source>
        <translation>智能体查阅的来源</translation>
    </message>
    <message>
        <source>Open the document at this place</source>
        <translation>在此处打开文档</translation>
    </message>
    <message>
        <source>Add to canon…</source>
        <translation>添加到正典…</translation>
    </message>
    <message>
        <source>version %1 of %2</source>
        <translation>第 %1 / %2 版</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>answered in plain text</source>
        <translation>以纯文本回答</translation>
    </message>
    <message>
        <source>finished by %1</source>
        <translation>由 %1 完成</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
</context>
<context>
    <name>ModelSection</name>
    <message>
        <source>Connection</source>
        <extracomment>The Connection field&apos;s choices that are not a named connection: (mode, connection).</extracomment>
        <translation>连接</translation>
    </message>
    <message>
        <source>Where the model runs: one of your connections (Settings → Connections), or whichever connection is the default.</source>
        <translation>模型运行的位置：你的某个连接（设置 → 连接），或当前的默认连接。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Pick one of the models the server offers, or type a name.</source>
        <translation>从服务器提供的模型中选择一个，或输入名称。</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>0 = predictable, 2 = adventurous (model.temperature)</source>
        <translation>0 = 稳定可预期，2 = 大胆发挥 (model.temperature)</translation>
    </message>
    <message>
        <source>Longest answer (tokens)</source>
        <translation>最长回答（令牌）</translation>
    </message>
    <message>
        <source>Using its tools</source>
        <translation>工具使用</translation>
    </message>
    <message>
        <source>When it decides</source>
        <translation>由它决定</translation>
    </message>
    <message>
        <source>At every step</source>
        <translation>每一步都调用</translation>
    </message>
    <message>
        <source>Never call tools</source>
        <translation>从不调用工具</translation>
    </message>
    <message>
        <source>Retries</source>
        <translation>重试次数</translation>
    </message>
    <message>
        <source>model.maxRetries: tries again after a server error that may pass</source>
        <translation>model.maxRetries：遇到可能会消失的服务器错误后重试</translation>
    </message>
    <message>
        <source>The default connection (now %1)</source>
        <translation>默认连接（当前为 %1）</translation>
    </message>
    <message>
        <source>The default connection</source>
        <translation>默认连接</translation>
    </message>
    <message>
        <source>%1 (default)</source>
        <translation>%1（默认）</translation>
    </message>
    <message>
        <source>%1 (not on this computer)</source>
        <translation>%1（不在本机上）</translation>
    </message>
    <message>
        <source>Not chosen yet (it cannot run)</source>
        <translation>尚未选择（无法运行）</translation>
    </message>
    <message>
        <source>This agent cannot run until you choose a connection.</source>
        <translation>在你选择连接之前，此智能体无法运行。</translation>
    </message>
    <message>
        <source>There is no connection “%1” on this computer: runs of this agent will fail. Choose another, or add it in Settings → Connections.</source>
        <translation>本机上没有连接“%1”：此智能体的运行将会失败。请另选一个，或在 设置 → 连接 中添加。</translation>
    </message>
    <message>
        <source>You have no connection yet: add one in Settings → Connections, and this agent will use it.</source>
        <translation>你还没有连接：在 设置 → 连接 中添加一个，此智能体就会使用它。</translation>
    </message>
    <message>
        <source>the connection&apos;s own default model</source>
        <translation>连接自身的默认模型</translation>
    </message>
    <message>
        <source>e.g. qwen3:8b</source>
        <translation>例如 qwen3:8b</translation>
    </message>
    <message>
        <source>Asking the server which models it offers…</source>
        <translation>正在询问服务器提供哪些模型…</translation>
    </message>
    <message>
        <source>The models could not be listed: %1 You can still type a model&apos;s name.</source>
        <translation>无法列出模型：%1 你仍然可以输入模型名称。</translation>
    </message>
    <message numerus="yes">
        <source>The server offers %n model(s): pick one from the list, or type a name.</source>
        <translation>
            <numerusform>服务器提供 %n 个模型：从列表中选择一个，或输入名称。</numerusform>
        </translation>
    </message>
    <message>
        <source>The server lists no models; type a model&apos;s name.</source>
        <translation>服务器没有列出模型；请输入模型名称。</translation>
    </message>
</context>
<context>
    <name>NewAgentDialog</name>
    <message>
        <source>New agent</source>
        <translation>新建智能体</translation>
    </message>
    <message>
        <source>Start from:</source>
        <translation>起点：</translation>
    </message>
    <message>
        <source>Starting points</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Creates three agents at once: “%1 writer” hands off to “%1 editor”, which hands off to “%1 finalizer”. The editor opens on the first.</source>
        <translation>一次创建三个智能体：“%1 writer”交接给“%1 editor”，后者再交接给“%1 finalizer”。编辑器中打开第一个。</translation>
    </message>
    <message>
        <source>Creates “%1” and its own Skill writer. Before each story library or output write it asks the Consistency reviewer; for rules, the Rules advisor.</source>
        <translation>创建“%1”及其专属的技能撰写者。每次写入故事资料库或 output 之前，它会先询问一致性审查员；涉及规则时则询问规则顾问。</translation>
    </message>
    <message>
        <source>An agent named “%1” exists already; two agents with one name are hard to tell apart in the chat. It opens in the editor; nothing is stored until you Save.</source>
        <translation>已有名为“%1”的智能体；同名的两个智能体在对话中很难区分。它会在编辑器中打开；在你保存之前不会存储任何内容。</translation>
    </message>
    <message>
        <source>Opens in the editor; nothing is stored until you Save.</source>
        <translation>在编辑器中打开；在你保存之前不会存储任何内容。</translation>
    </message>
</context>
<context>
    <name>NewAgentTemplates</name>
    <message>
        <source>A blank agent</source>
        <extracomment>Template key -&gt; (its name, what it does), as the list shows them (English; translated where shown).</extracomment>
        <translation>空白智能体</translation>
    </message>
    <message>
        <source>Reads and writes files, commits its answer and finishes. Nothing else.</source>
        <translation>读写文件，提交答复后结束。仅此而已。</translation>
    </message>
    <message>
        <source>A writer</source>
        <translation>写作者</translation>
    </message>
    <message>
        <source>Drafts what the creator asks for, then hands the draft on.</source>
        <translation>按你的要求起草，然后把草稿交接出去。</translation>
    </message>
    <message>
        <source>An editor</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Revises a draft for structure, clarity and voice, then hands it on.</source>
        <translation>从结构、清晰度和语气上修改草稿，然后交接出去。</translation>
    </message>
    <message>
        <source>A finalizer</source>
        <translation>定稿者</translation>
    </message>
    <message>
        <source>Polishes the text, commits the final message and finishes.</source>
        <translation>润色文本，提交最终消息后结束。</translation>
    </message>
    <message>
        <source>A helper</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Does side tasks other agents delegate (background, facts) and reports back.</source>
        <translation>处理其他智能体委派的支线任务（背景、事实），并回报结果。</translation>
    </message>
    <message>
        <source>A director (reviews before it writes)</source>
        <translation>导演（先审查再写）</translation>
    </message>
    <message>
        <source>Reads the story library and the rulebooks, has each draft checked by the consistency reviewer before writing it, and writes only changes you approve.</source>
        <translation>阅读故事资料库和规则书，每份草稿写入前先交给一致性审查员检查，只写入你批准的修改。</translation>
    </message>
    <message>
        <source>A relay (writer → editor → finalizer)</source>
        <translation>接力（写作者 → 编辑 → 定稿者）</translation>
    </message>
    <message>
        <source>Three agents set up to hand off to each other, all created at once.</source>
        <translation>三个相互交接的智能体，一次全部创建。</translation>
    </message>
</context>
<context>
    <name>NewSceneDialog</name>
    <message>
        <source>New scene</source>
        <translation>新建场景</translation>
    </message>
    <message>
        <source>A scene is a chat in which characters speak in turn, each knowing only what it witnessed. Characters are agents: import SillyTavern character cards in the Library (Import…) to make agents of them.</source>
        <translation>场景是角色轮流发言、每个角色只知道自己亲历之事的聊天。角色就是智能体：在资料库（导入…）中导入 SillyTavern 角色卡即可生成智能体。</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Cast</source>
        <translation>角色阵容</translation>
    </message>
    <message>
        <source> · from a card</source>
        <translation> · 来自角色卡</translation>
    </message>
    <message>
        <source>Narrator</source>
        <translation>旁白</translation>
    </message>
    <message>
        <source>No narrator</source>
        <translation>无旁白</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
</context>
<context>
    <name>NoticeCard</name>
    <message>
        <source>&lt;a href=&quot;#details&quot;&gt;Details&lt;/a&gt;</source>
        <translation>&lt;a href=&quot;#details&quot;&gt;详情&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Publish your edited version</source>
        <translation>发布你编辑的版本</translation>
    </message>
    <message>
        <source>Publish the approved version</source>
        <translation>发布已批准的版本</translation>
    </message>
    <message>
        <source>Make the approved %1 this run&apos;s answer in the chat</source>
        <translation>将已批准的 %1 设为此次运行在聊天中的回答</translation>
    </message>
</context>
<context>
    <name>Operations</name>
    <message>
        <source>Something unexpected went wrong (%1). The log has the details.</source>
        <translation>发生了意外错误（%1）。详细信息在日志中。</translation>
    </message>
    <message>
        <source>Relay Studio</source>
        <translation>Relay Studio</translation>
    </message>
</context>
<context>
    <name>PatchDialog</name>
    <message>
        <source>%1: write %2</source>
        <translation>%1：写入 %2</translation>
    </message>
    <message>
        <source>%1: change %2</source>
        <translation>%1：修改 %2</translation>
    </message>
    <message>
        <source>%1: commit %2</source>
        <translation>%1：提交 %2</translation>
    </message>
    <message>
        <source>%1: call %2</source>
        <translation>%1：调用 %2</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Review changes</source>
        <extracomment>the reason the agent reads when the creator approved with no part of the change ticked</extracomment>
        <translation>审阅修改</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>合并视图</translation>
    </message>
    <message>
        <source>Result (editable)</source>
        <translation>结果（可编辑）</translation>
    </message>
    <message>
        <source>Proposed changes</source>
        <translation>提议的更改</translation>
    </message>
    <message>
        <source>Changes to apply</source>
        <translation>要应用的修改</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>Why you reject it (optional; the agent reads this)</source>
        <translation>拒绝的理由（可选；智能体会读到）</translation>
    </message>
    <message>
        <source>The review found conflicts: say why you approve it anyway.</source>
        <translation>审查发现了冲突：请说明你仍要批准的理由。</translation>
    </message>
    <message>
        <source>Approve the rest of this run</source>
        <translation>批准本次运行的其余修改</translation>
    </message>
    <message>
        <source>Ctrl+Enter approves · Ctrl+Backspace rejects · Esc closes</source>
        <translation>Ctrl+Enter 批准 · Ctrl+Backspace 拒绝 · Esc 关闭</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>Nothing waits for your approval.</source>
        <translation>没有等待你批准的内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) wait for your approval</source>
        <translation>
            <numerusform>%n 项修改等待你的批准</numerusform>
        </translation>
    </message>
    <message>
        <source> · showing %1 of %2</source>
        <translation> · 显示第 %1 / %2 项</translation>
    </message>
    <message>
        <source>Choose a change in the list.</source>
        <translation>请在列表中选择一项修改。</translation>
    </message>
    <message>
        <source>%1 wants to change %2</source>
        <translation>%1 想修改 %2</translation>
    </message>
    <message>
        <source>%1 wants to write %2</source>
        <translation>%1 想写入 %2</translation>
    </message>
    <message>
        <source>%1 wants to publish %2 to the chat</source>
        <translation>%1 想把 %2 发布到对话中</translation>
    </message>
    <message>
        <source>%1 wants to call %2</source>
        <translation>%1 想调用 %2</translation>
    </message>
    <message>
        <source>Publishes %1 to the chat as the reply you read, as the file is when the commit runs (after the changes listed before it are decided).</source>
        <translation>将 %1 作为你读到的回复发布到对话中，内容为提交执行时的文件（即列在其前面的修改都已决定之后）。</translation>
    </message>
    <message>
        <source>The review found conflicts</source>
        <translation>审查发现了冲突</translation>
    </message>
    <message>
        <source>The review has warnings</source>
        <translation>审查有警告</translation>
    </message>
    <message>
        <source>The review found no problem</source>
        <translation>审查未发现问题</translation>
    </message>
    <message>
        <source>It needs nothing more.</source>
        <translation>不需要其他内容。</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>No issues.</source>
        <translation>没有问题。</translation>
    </message>
    <message>
        <source>Approve anyway</source>
        <translation>仍然批准</translation>
    </message>
    <message>
        <source>Why you approve it despite the conflicts, or why you reject it (the agent reads this)</source>
        <translation>你为何不顾冲突仍批准，或为何拒绝（智能体会读到）</translation>
    </message>
    <message>
        <source>A change the review found in conflict is decided on its own.</source>
        <translation>审查发现冲突的修改需要单独决定。</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>修改前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>修改后</translation>
    </message>
    <message>
        <source>After (your version)</source>
        <translation>修改后（你的版本）</translation>
    </message>
    <message>
        <source>No changes.</source>
        <translation>没有改动。</translation>
    </message>
</context>
<context>
    <name>PresenceDialog</name>
    <message>
        <source>Who heard what</source>
        <translation>谁听到了什么</translation>
    </message>
    <message>
        <source>Who was present when each message was said. A character&apos;s prompt holds only the messages it was present for; tick or untick to correct it.</source>
        <translation>每条消息说出时谁在场。角色的提示词只包含其在场时的消息；勾选或取消勾选即可更正。</translation>
    </message>
    <message>
        <source>Scene</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Said by</source>
        <translation>发言者</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Reading the scene…</source>
        <translation>正在读取场景…</translation>
    </message>
    <message>
        <source>The scene could not be read: %1</source>
        <translation>无法读取场景：%1</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source> (privately)</source>
        <translation>（私下）</translation>
    </message>
</context>
<context>
    <name>ProblemsBar</name>
    <message numerus="yes">
        <source>%1 › %2: %n problem(s) — go there</source>
        <translation>
            <numerusform>%1 › %2：%n 个问题 —— 前往</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>…and %n more (see the sections marked ⚠)</source>
        <translation>
            <numerusform>…还有 %n 个（见标有 ⚠ 的部分）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfileEditor</name>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save (Ctrl+S)</source>
        <translation>保存 (Ctrl+S)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Sections</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>“%1” is set to Never in Tools; untick Never there first.</source>
        <translation>“%1”在“工具”中被设为“从不”；请先在那里取消勾选“从不”。</translation>
    </message>
    <message>
        <source>Something here needs fixing</source>
        <translation>这里有需要修复的地方</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
    <message>
        <source>Untitled agent</source>
        <translation>未命名智能体</translation>
    </message>
    <message>
        <source> · built-in, read-only</source>
        <translation> · 内置，只读</translation>
    </message>
    <message>
        <source> · not saved yet</source>
        <translation> · 尚未保存</translation>
    </message>
    <message>
        <source> · changed</source>
        <translation> · 已更改</translation>
    </message>
    <message>
        <source>Fix the problems above to see what the model would receive.</source>
        <extracomment>narrower than this, the section rail steps aside and the form takes the whole width (a 1000 px window leaves the editor ~430 px: beside the rail, the fields would need sideways scrolling)</extracomment>
        <translation>修复上面的问题后，即可查看模型将收到的内容。</translation>
    </message>
    <message>
        <source>The preview is not available: %1</source>
        <translation>预览不可用：%1</translation>
    </message>
    <message>
        <source>Raw JSON: not valid JSON (line %1, column %2): %3 (profile.invalid_json)</source>
        <translation>原始 JSON：不是有效的 JSON（第 %1 行，第 %2 列）：%3 (profile.invalid_json)</translation>
    </message>
    <message>
        <source>A new agent: change what you like, then Save.</source>
        <translation>新智能体：按需修改后保存。</translation>
    </message>
    <message>
        <source>Created %1 and %2: each hands off to the next, in that order. Start a run with %3.</source>
        <translation>已创建 %1 和 %2：按此顺序依次交接。请用 %3 发起运行。</translation>
    </message>
    <message>
        <source>Created %1 and, for it, %2. Start a run with %3.</source>
        <translation>已创建 %1，以及为它准备的 %2。用 %3 开始运行。</translation>
    </message>
    <message>
        <source>A built-in profile is read-only. Duplicate it to make your own version.</source>
        <translation>内置配置为只读。复制一份来制作你自己的版本。</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>A copy: change what you like, then Save.</source>
        <translation>副本：按需修改后保存。</translation>
    </message>
    <message>
        <source>Saved “%1”.</source>
        <translation>已保存“%1”。</translation>
    </message>
    <message>
        <source>Unsaved agent</source>
        <translation>未保存的智能体</translation>
    </message>
    <message>
        <source>“%1” has changes that are not saved. Save them before closing?</source>
        <translation>“%1”有未保存的更改。关闭前保存吗？</translation>
    </message>
    <message>
        <source>Import a profile</source>
        <translation>导入配置</translation>
    </message>
    <message>
        <source>Profiles (*.json)</source>
        <translation>配置 (*.json)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 was not imported: fix the problems shown, then Save.</source>
        <translation>%1 未导入：请修复显示的问题，然后保存。</translation>
    </message>
    <message>
        <source>Imported “%1” from %2.</source>
        <translation>已从 %2 导入“%1”。</translation>
    </message>
    <message>
        <source>Export the profile</source>
        <translation>导出配置</translation>
    </message>
    <message>
        <source>Could not export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <source>Exported to %1 (without your connection: whoever imports it chooses their own).</source>
        <translation>已导出到 %1（不含你的连接：导入者会选择自己的连接）。</translation>
    </message>
</context>
<context>
    <name>PromptSection</name>
    <message>
        <source>Use the generated prompt</source>
        <translation>使用生成的提示词</translation>
    </message>
    <message>
        <source>instructions.systemPrompt left empty: the runtime writes it from the tools</source>
        <translation>instructions.systemPrompt 留空：由运行时根据工具生成</translation>
    </message>
    <message>
        <source>Own prompt</source>
        <translation>自定义提示词</translation>
    </message>
    <message>
        <source>Generated (what your prompt replaces)</source>
        <translation>生成的提示词（你的提示词将替换它）</translation>
    </message>
    <message>
        <source>Standing instructions</source>
        <translation>常驻指令</translation>
    </message>
    <message>
        <source>instructions.taskPrompt: added after the prompt in every call</source>
        <translation>instructions.taskPrompt：每次调用时附加在提示词之后</translation>
    </message>
</context>
<context>
    <name>RerunControls</name>
    <message>
        <source>Rerun from here…</source>
        <translation>从此处重新运行…</translation>
    </message>
    <message>
        <source>Run this stage again in a new run, with the files as it found them: another agent, brief or model if you like</source>
        <translation>在新运行中再次运行此阶段，文件为它开始时的状态：可按需更换智能体、说明或模型</translation>
    </message>
    <message>
        <source>Rerun from stage %1</source>
        <translation>从阶段 %1 重新运行</translation>
    </message>
    <message>
        <source>the fork from stage %1</source>
        <translation>从阶段 %1 的分支</translation>
    </message>
    <message>
        <source>the original run</source>
        <translation>原始运行</translation>
    </message>
</context>
<context>
    <name>ReviewWords</name>
    <message>
        <source>passed</source>
        <translation>通过</translation>
    </message>
    <message numerus="yes">
        <source>warning · %n issue(s)</source>
        <translation>
            <numerusform>警告 · %n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>conflict · %n issue(s)</source>
        <translation>
            <numerusform>冲突 · %n 个问题</numerusform>
        </translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>reviewing…</source>
        <translation>审查中…</translation>
    </message>
    <message>
        <source>Rules review</source>
        <translation>规则审查</translation>
    </message>
    <message>
        <source>Consistency review of “%1”</source>
        <translation>对“%1”的一致性审查</translation>
    </message>
    <message>
        <source>Consistency review</source>
        <translation>一致性审查</translation>
    </message>
    <message>
        <source>%1 by %2: %3</source>
        <translation>%2 的%1：%3</translation>
    </message>
</context>
<context>
    <name>RunActions</name>
    <message>
        <source>A run is already going in this chat.</source>
        <extracomment>a scene chat&apos;s turns (set by the window): Send there starts a character&apos;s turn</extracomment>
        <translation>此对话中已有运行在进行。</translation>
    </message>
    <message>
        <source>Wait for the active run to end, or stop it, before regenerating.</source>
        <translation>请等待当前运行结束或停止它，然后再重新生成。</translation>
    </message>
    <message>
        <source>The agent at work will read your guidance at its next step.</source>
        <translation>工作中的智能体会在下一步读取你的指导。</translation>
    </message>
    <message>
        <source>This message belongs to the run in progress; stop it first.</source>
        <translation>这条消息属于正在进行的运行；请先停止它。</translation>
    </message>
    <message>
        <source>Delete message</source>
        <translation>删除消息</translation>
    </message>
    <message>
        <source>Delete this message from the chat? Later runs will not see it. What the agents committed stays in the run&apos;s history on the timeline.</source>
        <translation>要从对话中删除这条消息吗？之后的运行将看不到它。智能体已提交的内容仍保留在时间线上的运行历史中。</translation>
    </message>
    <message>
        <source>Your message will be sent when the run ends.</source>
        <translation>运行结束后将发送你的消息。</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation>尚无运行</translation>
    </message>
    <message>
        <source>Agent: %1</source>
        <translation>智能体：%1</translation>
    </message>
    <message>
        <source>~%1 in · ~%2 out tokens (estimated)</source>
        <translation>输入 ~%1 · 输出 ~%2 个令牌（估算）</translation>
    </message>
    <message>
        <source>The model&apos;s server sent no token counts for some calls; they are estimated at about four characters a token.</source>
        <translation>模型服务器在部分调用中未发送令牌计数；已按每个令牌约四个字符估算。</translation>
    </message>
    <message>
        <source>%1 in · %2 out tokens</source>
        <translation>输入 %1 · 输出 %2 令牌</translation>
    </message>
    <message>
        <source> · forecast %1–%2 in</source>
        <translation> · 预估输入 %1–%2</translation>
    </message>
    <message>
        <source>, cost %1–%2, used %3 %4</source>
        <translation>，费用 %1–%2，实际 %3 %4</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <source>created</source>
        <extracomment>the languages the window speaks, English first (the source language: it needs no catalogue) each language&apos;s name in itself, as Settings → Language lists it the window settings&apos; key; &quot;&quot; (or absent) follows the operating system</extracomment>
        <translation>已创建</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>等待批准</translation>
    </message>
    <message>
        <source>cancelling</source>
        <translation>正在取消</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>partial success</source>
        <translation>部分成功</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
</context>
<context>
    <name>SceneBar</name>
    <message>
        <source>default connection</source>
        <translation>默认连接</translation>
    </message>
    <message>
        <source>not configured</source>
        <translation>未配置</translation>
    </message>
    <message>
        <source>(no such agent)</source>
        <translation>（没有这个智能体）</translation>
    </message>
    <message>
        <source>Next turn</source>
        <translation>下一轮</translation>
    </message>
    <message>
        <source>The character you picked speaks; none picked: the next one in turn, or the one the narrator chose. What you wrote in the message is the scene&apos;s direction for that turn.</source>
        <translation>由你选中的角色发言；未选中则按顺序轮到的下一位，或旁白选定的角色。你在消息中写的内容是这一轮的场景指示。</translation>
    </message>
    <message>
        <source>Scene break</source>
        <translation>场景切换</translation>
    </message>
    <message>
        <source>Start the next scene with the characters present now</source>
        <translation>以当前在场的角色开始下一场景</translation>
    </message>
    <message>
        <source>Who heard what…</source>
        <translation>谁听到了什么…</translation>
    </message>
    <message>
        <source>Who was present for each message; correct it there</source>
        <translation>每条消息时谁在场；可在那里更正</translation>
    </message>
    <message>
        <source>All speak with: %1</source>
        <translation>全部使用：%1</translation>
    </message>
    <message>
        <source>Speaking with: %1</source>
        <translation>各自使用：%1</translation>
    </message>
    <message>
        <source>next: %1 (your pick)</source>
        <translation>下一位：%1（你的选择）</translation>
    </message>
    <message>
        <source>next: %1 (the narrator&apos;s pick)</source>
        <translation>下一位：%1（旁白的选择）</translation>
    </message>
    <message>
        <source>next: whoever&apos;s turn it is</source>
        <translation>下一位：轮到的人</translation>
    </message>
    <message>
        <source>Scene %1 · %2</source>
        <translation>场景 %1 · %2</translation>
    </message>
    <message>
        <source>%1 leaves the scene</source>
        <translation>%1 离开场景</translation>
    </message>
    <message>
        <source>%1 enters the scene</source>
        <translation>%1 进入场景</translation>
    </message>
    <message>
        <source>%1 speaks next</source>
        <translation>下一位由 %1 发言</translation>
    </message>
</context>
<context>
    <name>SceneContextWords</name>
    <message numerus="yes">
        <source>%n message(s)</source>
        <translation>
            <numerusform>%n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>the entry “%1”: %2</source>
        <translation>条目“%1”：%2</translation>
    </message>
    <message>
        <source>the fact %1: %2</source>
        <translation>事实 %1：%2</translation>
    </message>
    <message>
        <source>It saw %1 of the scene&apos;s messages.</source>
        <translation>它看到了场景中的 %1 条消息。</translation>
    </message>
    <message>
        <source>Nothing was left out.</source>
        <translation>没有省略任何内容。</translation>
    </message>
    <message>
        <source>Left out of what this character saw</source>
        <translation>此角色未看到的内容</translation>
    </message>
    <message>
        <source>Canon left out for this character</source>
        <translation>对此角色省略的设定事实</translation>
    </message>
</context>
<context>
    <name>SceneLanes</name>
    <message>
        <source>Turn %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <source>Scene %1</source>
        <translation>场景 %1</translation>
    </message>
    <message>
        <source>Whole scene: a lane per character, a bar per turn</source>
        <translation>整个场景：每个角色一条泳道，每一轮一个条块</translation>
    </message>
    <message>
        <source>Whole scene</source>
        <translation>整个场景</translation>
    </message>
</context>
<context>
    <name>SceneLanesView</name>
    <message>
        <source>Scenes</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>%1 · %2 · scene %3 · %4
Click: show this turn&apos;s run below.</source>
        <translation>%1 · %2 · 场景 %3 · %4
点击：在下方显示这一轮的运行。</translation>
    </message>
</context>
<context>
    <name>SceneTurns</name>
    <message>
        <source>A turn is going on; wait for it to end, or stop it.</source>
        <extracomment>the command named someone who is not in the cast</extracomment>
        <translation>一轮正在进行；请等待其结束或停止它。</translation>
    </message>
    <message>
        <source>There is nobody called “%1” in this scene (%2).</source>
        <translation>此场景中没有名为“%1”的角色（%2）。</translation>
    </message>
</context>
<context>
    <name>Section</name>
    <message>
        <source>Identity</source>
        <translation>身份</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Delegation and handoff</source>
        <translation>委派与交接</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>限制</translation>
    </message>
    <message>
        <source>Raw JSON</source>
        <translation>原始 JSON</translation>
    </message>
    <message>
        <source>What the model sees</source>
        <translation>模型看到的内容</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
</context>
<context>
    <name>Shortcuts</name>
    <message>
        <source>Add a line in the message</source>
        <translation>在消息中换行</translation>
    </message>
    <message>
        <source>Stop the run (in the chat)</source>
        <translation>停止运行（在聊天中）</translation>
    </message>
    <message>
        <source>Approve the change (patch dialog)</source>
        <translation>批准更改（补丁对话框）</translation>
    </message>
    <message>
        <source>Reject the change (patch dialog)</source>
        <translation>拒绝更改（补丁对话框）</translation>
    </message>
    <message>
        <source>Zoom the timeline</source>
        <translation>缩放时间线</translation>
    </message>
    <message>
        <source>wheel</source>
        <translation>滚轮</translation>
    </message>
    <message>
        <source>Move to the next control; the arrows move within a list</source>
        <translation>移到下一个控件；在列表内用方向键移动</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>What it does</source>
        <translation>作用</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>New chat (Ctrl+N)</source>
        <translation>新建对话 (Ctrl+N)</translation>
    </message>
    <message>
        <source>New exploration</source>
        <translation>新建探索</translation>
    </message>
    <message>
        <source>New exploration: a chat where an agent reads your story library, knowledge and files and answers you, changing nothing (Ctrl+Shift+E)</source>
        <translation>新建探索：智能体阅读你的故事资料库、知识库和文件并回答你的对话，不会修改任何内容（Ctrl+Shift+E）</translation>
    </message>
    <message>
        <source>Chats</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>New agent (Ctrl+Shift+N)</source>
        <translation>新建智能体 (Ctrl+Shift+N)</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>The project whose chats, story library, knowledge and Skills are shown</source>
        <translation>显示其对话、故事资料库、知识库和技能的项目</translation>
    </message>
    <message>
        <source>New project…, Rename project…</source>
        <translation>新建项目…、重命名项目…</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <source>Rename project…</source>
        <translation>重命名项目…</translation>
    </message>
    <message>
        <source>Exploration: read only</source>
        <translation>探索：只读</translation>
    </message>
    <message>
        <source>Scene: characters speak in turn, each knowing only what it witnessed</source>
        <translation>场景：角色轮流发言，每个角色只知道自己亲历之事</translation>
    </message>
    <message>
        <source>Continues “%1”</source>
        <translation>接续“%1”</translation>
    </message>
    <message>
        <source>starts runs</source>
        <translation>可发起运行</translation>
    </message>
    <message>
        <source>helper</source>
        <translation>助手</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · 内置</translation>
    </message>
    <message>
        <source>Open “%1”</source>
        <translation>打开“%1”</translation>
    </message>
    <message>
        <source>New agent…</source>
        <translation>新建智能体…</translation>
    </message>
</context>
<context>
    <name>SkillsView</name>
    <message>
        <source>New Skill</source>
        <translation>新建技能</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>A short name, like harbour-rules</source>
        <translation>简短的名称，例如 harbour-rules</translation>
    </message>
    <message>
        <source>When an agent should use it</source>
        <translation>智能体应在何时使用</translation>
    </message>
    <message>
        <source>* for every agent, or some: writer, editor</source>
        <translation>* 表示所有智能体，或列出部分：writer, editor</translation>
    </message>
    <message>
        <source>What an agent reads when it uses this Skill</source>
        <translation>智能体使用此技能时读取的内容</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>When to use</source>
        <translation>使用时机</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source> · built-in</source>
        <translation> · 内置</translation>
    </message>
    <message>
        <source>These files in the project&apos;s skills folder are left out until they are fixed; the agents do not see them.</source>
        <translation>项目 skills 文件夹中的这些文件在修复之前不会被使用；智能体看不到它们。</translation>
    </message>
    <message>
        <source>Built-in: saving makes this project&apos;s own copy, used instead of it.</source>
        <translation>内置：保存后会为本项目创建自己的副本，并改用该副本。</translation>
    </message>
    <message>
        <source>Saved to %1.</source>
        <translation>已保存到 %1。</translation>
    </message>
    <message>
        <source>Saved as “%1” (a Skill&apos;s name is short words with dashes). %2</source>
        <translation>已保存为“%1”（技能名称由连字符连接的简短单词组成）。%2</translation>
    </message>
</context>
<context>
    <name>SlashCommands</name>
    <message>
        <source>Hand this chat off to a new chat that starts from a summary document (written by the chosen agent)</source>
        <translation>将此对话移交给一个以交接文档开头的新对话（由所选智能体撰写）</translation>
    </message>
    <message>
        <source>This character speaks next (what follows is the scene&apos;s direction)</source>
        <extracomment>offered in a scene chat only (``ui/chat/scene_turns.py`` starts them)</extracomment>
        <translation>此角色下一个发言（后面的文字是场景指示）</translation>
    </message>
    <message>
        <source>Whoever is next speaks: the next in turn, or the narrator&apos;s pick</source>
        <translation>由下一位发言：按顺序，或由旁白选择</translation>
    </message>
    <message>
        <source>Slash commands</source>
        <translation>斜杠命令</translation>
    </message>
</context>
<context>
    <name>StartWindow</name>
    <message>
        <source>Opening your chats…</source>
        <extracomment>Qt warnings that tell a creator nothing they could act on (the offscreen platform of --smoke and --screenshot cannot pass size hints to a window manager it does not have) how long a thread may hold the interpreter while another waits for it, in the window&apos;s process (Python&apos;s default: 5 ms). The GUI thread calls into Python many times in one paint (a delegate per cell, a label&apos;s height per card); while a lane&apos;s thread counts mentions or parses a project&apos;s files, each of those calls waited up to 5 ms for the interpreter (bench/book_scale.py on the book, six runs each: the gaps after the window&apos;s show 88 ms at 5 ms, 68 ms at 1 ms; an entry&apos;s save 57 and 43 ms) Libraries the start window must be painted without (``StartWindow.loaded_at_paint`` names any that were in)</extracomment>
        <translation>正在打开你的对话…</translation>
    </message>
</context>
<context>
    <name>Studio</name>
    <message>
        <source>Exploration</source>
        <translation>探索</translation>
    </message>
</context>
<context>
    <name>TimelinePanel</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Zoom out (Ctrl+wheel)</source>
        <translation>缩小 (Ctrl+滚轮)</translation>
    </message>
    <message>
        <source>Zoom in (Ctrl+wheel)</source>
        <translation>放大 (Ctrl+滚轮)</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Show the whole run</source>
        <translation>显示整个运行</translation>
    </message>
    <message>
        <source>handoff document</source>
        <translation>交接文档</translation>
    </message>
    <message>
        <source>rerun from stage %1</source>
        <translation>从第 %1 阶段重跑</translation>
    </message>
    <message>
        <source>%1 (removed)</source>
        <translation>%1(已删除)</translation>
    </message>
    <message>
        <source>an agent since removed</source>
        <translation>已删除的智能体</translation>
    </message>
    <message>
        <source>All agents</source>
        <translation>所有智能体</translation>
    </message>
    <message>
        <source>All events</source>
        <translation>所有事件</translation>
    </message>
    <message>
        <source>Model calls</source>
        <translation>模型调用</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>工具调用</translation>
    </message>
    <message>
        <source>Handoffs and helpers</source>
        <translation>交接与助手</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>批准</translation>
    </message>
    <message>
        <source>Files and commits</source>
        <translation>文件与提交</translation>
    </message>
    <message>
        <source>Agents and run</source>
        <translation>智能体与运行</translation>
    </message>
    <message>
        <source>Errors only</source>
        <translation>仅错误</translation>
    </message>
    <message>
        <source>Search events</source>
        <translation>搜索事件</translation>
    </message>
    <message>
        <source>Events of the run</source>
        <translation>运行的事件</translation>
    </message>
    <message>
        <source>reading %1 of %2 events…</source>
        <translation>正在读取 %1 / %2 个事件…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %Ln event(s) shown</source>
        <translation>
            <numerusform>显示 %Ln 个事件中的 %1 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln 个事件</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ToolsSection</name>
    <message>
        <source>&lt;b&gt;Tool&lt;/b&gt;</source>
        <translation>&lt;b&gt;工具&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Allowed&lt;/b&gt;</source>
        <translation>&lt;b&gt;允许&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ask first&lt;/b&gt;</source>
        <translation>&lt;b&gt;先询问&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.requireApproval: the change waits in the patch dialog until you approve or reject it</source>
        <translation>tools.requireApproval：修改会在修改对话框中等待，直到你批准或拒绝</translation>
    </message>
    <message>
        <source>&lt;b&gt;Never&lt;/b&gt;</source>
        <translation>&lt;b&gt;从不&lt;/b&gt;</translation>
    </message>
    <message>
        <source>tools.deny: never offered, even when a rule would add it</source>
        <translation>tools.deny：即使有规则会添加它，也从不提供</translation>
    </message>
    <message>
        <source>Allowed</source>
        <translation>允许</translation>
    </message>
    <message>
        <source>Ask first</source>
        <translation>先询问</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>“%1” is set to Never; untick Never first to allow it.</source>
        <translation>“%1”被设为“从不”；请先取消勾选“从不”再允许它。</translation>
    </message>
    <message>
        <source>“%1” is set to Never, so it cannot ask you first; untick Never first.</source>
        <translation>“%1”被设为“从不”，因此无法先询问你；请先取消勾选“从不”。</translation>
    </message>
</context>
<context>
    <name>Transcript</name>
    <message>
        <source>The run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <source>The run stopped after committing part of the work</source>
        <translation>运行在提交了部分工作后停止</translation>
    </message>
    <message>
        <source>The run was stopped</source>
        <translation>运行已被停止</translation>
    </message>
    <message>
        <source>Relay Studio closed while this run was in progress; it cannot continue</source>
        <translation>此次运行进行中 Relay Studio 被关闭；无法继续</translation>
    </message>
    <message>
        <source>Continued from ← %1</source>
        <extracomment>approved changes the creator may publish from the notice: (path, whose change it was, edited by them)</extracomment>
        <translation>接续自 ← %1</translation>
    </message>
    <message>
        <source>Continued in → %1</source>
        <translation>接续于 → %1</translation>
    </message>
    <message>
        <source>Handed off to “%1”</source>
        <translation>已交接给“%1”</translation>
    </message>
    <message>
        <source>. Any change it was waiting for you to approve was not applied.</source>
        <translation>。等待你批准的修改均未应用。</translation>
    </message>
    <message>
        <source>Chat → Hand off to a new chat… (or /handoff) tries again.</source>
        <translation>对话 → 交接到新对话…（或 /handoff）可再试一次。</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed: %1</source>
        <translation>交接到新对话失败：%1</translation>
    </message>
    <message>
        <source>The handoff to a new chat failed.</source>
        <translation>交接到新对话失败。</translation>
    </message>
    <message>
        <source>Relay Studio closed while the handoff document was being written; the chat was not handed off.</source>
        <translation>在编写交接文档时 Relay Studio 已关闭；此对话未被交接。</translation>
    </message>
</context>
<context>
    <name>UndoBar</name>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message numerus="yes">
        <source>Bring the chat back (for %n seconds)</source>
        <translation>
            <numerusform>恢复对话（%n 秒内）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Unpublished</name>
    <message>
        <source>You approved %1&apos;s change to %2 with your edits, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>你加上自己的修改批准了 %1 对 %2 的更改，随后拒绝了提交：该更改从未发布，因此对话显示的是之前的版本。</translation>
    </message>
    <message>
        <source>You approved %1&apos;s change to %2, then rejected the commit: it was never published, so the chat shows the version before it.</source>
        <translation>你批准了 %1 对 %2 的更改，随后拒绝了提交：该更改从未发布，因此对话显示的是之前的版本。</translation>
    </message>
    <message>
        <source>%1&apos;s change to %2, which you approved, was never committed: the chat shows the version before it.</source>
        <translation>你批准的 %1 对 %2 的更改从未提交：对话显示的是之前的版本。</translation>
    </message>
    <message>
        <source>The agent</source>
        <translation>智能体</translation>
    </message>
</context>
<context>
    <name>WelcomeCard</name>
    <message>
        <source>&lt;h2&gt;Welcome to Relay Studio&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;欢迎使用 Relay Studio&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;You write with several agents that pass the work along: a &lt;b&gt;Writer&lt;/b&gt; drafts and commits, hands off to an &lt;b&gt;Editor&lt;/b&gt;, who revises and hands off to a &lt;b&gt;Finalizer&lt;/b&gt;, which finishes. A &lt;b&gt;Researcher&lt;/b&gt; helps on the side.&lt;/p&gt;</source>
        <translation>&lt;p&gt;你与多个依次传递工作的智能体一起写作：&lt;b&gt;Writer&lt;/b&gt; 起草并提交，交接给 &lt;b&gt;Editor&lt;/b&gt;；Editor 修订后交接给 &lt;b&gt;Finalizer&lt;/b&gt;，由它收尾。&lt;b&gt;Researcher&lt;/b&gt; 在一旁协助。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;The demo relay runs offline on a scripted model, so you can watch a full run — and inspect every step on the timeline — without any account.&lt;/p&gt;</source>
        <translation>&lt;p&gt;演示接力使用脚本模型离线运行，无需任何账号即可观看完整的一次运行，并在时间线上查看每一步。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Run the demo relay</source>
        <translation>运行演示接力</translation>
    </message>
</context>
<context>
    <name>WhatItSaw</name>
    <message>
        <source>system prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>profile instructions</source>
        <translation>配置中的指示</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>story library</source>
        <translation>故事资料库</translation>
    </message>
    <message>
        <source>chat history</source>
        <translation>对话历史</translation>
    </message>
    <message>
        <source>earlier stages</source>
        <translation>之前的阶段</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>this stage&apos;s work</source>
        <translation>本阶段的工作</translation>
    </message>
    <message>
        <source>tool results</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>knowledge passages</source>
        <translation>知识库段落</translation>
    </message>
    <message>
        <source>guidance and reminders</source>
        <translation>指导和提醒</translation>
    </message>
    <message>
        <source>tool definitions</source>
        <translation>工具定义</translation>
    </message>
    <message>
        <source>introduction</source>
        <translation>引言</translation>
    </message>
    <message>
        <source>section note</source>
        <translation>章节说明</translation>
    </message>
    <message>
        <source>left out</source>
        <translation>省略</translation>
    </message>
    <message>
        <source>message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>your message</source>
        <translation>你的消息</translation>
    </message>
    <message>
        <source>the handoff brief</source>
        <translation>交接简报</translation>
    </message>
    <message>
        <source>the task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>the conversation summary</source>
        <translation>对话摘要</translation>
    </message>
    <message>
        <source>the agent&apos;s earlier turns</source>
        <translation>智能体之前的轮次</translation>
    </message>
    <message>
        <source>added during the stage</source>
        <translation>阶段中添加</translation>
    </message>
    <message>
        <source>introduces the entries below</source>
        <translation>介绍下面的条目</translation>
    </message>
    <message>
        <source>the agent&apos;s profile and how its tools end its part</source>
        <translation>智能体的配置，以及它如何用工具结束自己的部分</translation>
    </message>
    <message>
        <source>the profile&apos;s standing instructions</source>
        <translation>配置中的常驻指示</translation>
    </message>
    <message>
        <source>the Skills this agent may read</source>
        <translation>此智能体可以阅读的技能</translation>
    </message>
    <message>
        <source>the project&apos;s pinned canon facts</source>
        <translation>项目中固定的正典事实</translation>
    </message>
    <message>
        <source>what the stage&apos;s input keeps of the conversation</source>
        <translation>本阶段输入保留的对话内容</translation>
    </message>
    <message>
        <source>what the agent said and called earlier in this stage</source>
        <translation>智能体在本阶段之前说过和调用过的内容</translation>
    </message>
    <message>
        <source>what the agent&apos;s knowledge search returned</source>
        <translation>智能体的知识库搜索返回的内容</translation>
    </message>
    <message>
        <source>what the agent&apos;s tool calls returned</source>
        <translation>智能体的工具调用返回的内容</translation>
    </message>
    <message>
        <source>your guidance, or a reminder to use the tools</source>
        <translation>你的指导，或使用工具的提醒</translation>
    </message>
    <message>
        <source>what you asked</source>
        <translation>你的请求</translation>
    </message>
    <message>
        <source>what the previous agent handed on</source>
        <translation>上一个智能体交接的内容</translation>
    </message>
    <message>
        <source>what the delegating agent asked</source>
        <translation>委派的智能体的请求</translation>
    </message>
    <message>
        <source>the earlier stages, summarised</source>
        <translation>之前阶段的摘要</translation>
    </message>
    <message>
        <source>the tools this agent may call</source>
        <translation>此智能体可以调用的工具</translation>
    </message>
    <message>
        <source>always included (its setting)</source>
        <translation>总是包含（条目的设置）</translation>
    </message>
    <message>
        <source>included (this run is older than the recorded reasons)</source>
        <translation>已包含（此运行早于记录理由的功能）</translation>
    </message>
    <message>
        <source>the profile sends no chat history</source>
        <translation>配置不发送对话历史</translation>
    </message>
    <message>
        <source>“%1” in %2</source>
        <translation>%2 中的“%1”</translation>
    </message>
    <message>
        <source>left out: mentioned, but the library&apos;s budget of %1 tokens was used up</source>
        <translation>省略：已提及，但资料库的 %1 token 预算已用完</translation>
    </message>
    <message>
        <source>%1 earlier messages left out: %2</source>
        <translation>省略了 %1 条之前的消息：%2</translation>
    </message>
    <message>
        <source>the profile sends the last %1 messages</source>
        <translation>配置只发送最近 %1 条消息</translation>
    </message>
    <message>
        <source>%1 messages</source>
        <translation>%1 条消息</translation>
    </message>
    <message>
        <source>%1 tools</source>
        <translation>%1 个工具</translation>
    </message>
    <message>
        <source>%1, message %2</source>
        <translation>%1，第 %2 条消息</translation>
    </message>
    <message>
        <source>as the server counted them</source>
        <translation>按服务器的计数</translation>
    </message>
    <message>
        <source>estimated: the server gave no count</source>
        <translation>估算：服务器未给出计数</translation>
    </message>
    <message>
        <source>What %1 saw: %2 input tokens (%3)</source>
        <translation>%1 看到的内容：%2 个输入 token（%3）</translation>
    </message>
    <message>
        <source>Served by the connection %1 with the model %2</source>
        <translation>由连接 %1 的模型 %2 回答</translation>
    </message>
    <message>
        <source>Served by the model %1</source>
        <translation>由模型 %1 回答</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Why it is there</source>
        <translation>为何包含</translation>
    </message>
</context>
<context>
    <name>WindowWords</name>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add it, or pick another connection in the agent&apos;s profile.</source>
        <translation>打开 设置 → 连接 (Ctrl+,) 添加它，或在智能体配置中选择其他连接。</translation>
    </message>
    <message>
        <source>No model is chosen for this agent. Open Settings → Connections (Ctrl+,) to give the connection a default model, or name one in the agent&apos;s profile (Model).</source>
        <translation>此智能体未选择模型。打开 设置 → 连接 (Ctrl+,) 为连接设置默认模型，或在智能体配置（模型）中指定一个。</translation>
    </message>
    <message>
        <source>Open Settings → Connections (Ctrl+,) to add or change a connection.</source>
        <translation>打开 设置 → 连接 (Ctrl+,) 添加或修改连接。</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>See the other agents</source>
        <extracomment>Tool -&gt; (what a writer calls it, what it does). The tooltip adds the profile name and the model&apos;s name.</extracomment>
        <translation>查看其他智能体</translation>
    </message>
    <message>
        <source>Lists the agents it may hand off or delegate to.</source>
        <translation>列出它可以交接或委派的智能体。</translation>
    </message>
    <message>
        <source>Hand off the stage</source>
        <translation>交接阶段</translation>
    </message>
    <message>
        <source>Passes the work to the next agent and ends its own stage.</source>
        <translation>把工作交给下一个智能体，并结束自己的阶段。</translation>
    </message>
    <message>
        <source>Ask a helper</source>
        <translation>请助手帮忙</translation>
    </message>
    <message>
        <source>Gives a side task to a helper, which reports back.</source>
        <translation>把支线任务交给助手，助手完成后汇报。</translation>
    </message>
    <message>
        <source>Wait for helpers</source>
        <translation>等待助手</translation>
    </message>
    <message>
        <source>Waits for the helpers&apos; reports.</source>
        <translation>等待助手的汇报。</translation>
    </message>
    <message>
        <source>List files</source>
        <translation>列出文件</translation>
    </message>
    <message>
        <source>Lists the files of the workspace folders it can see.</source>
        <translation>列出它能看到的工作区文件夹中的文件。</translation>
    </message>
    <message>
        <source>Search files</source>
        <translation>搜索文件</translation>
    </message>
    <message>
        <source>Searches the text of the files it can see.</source>
        <translation>搜索它能看到的文件内容。</translation>
    </message>
    <message>
        <source>Read a file</source>
        <translation>读取文件</translation>
    </message>
    <message>
        <source>Reads one file.</source>
        <translation>读取一个文件。</translation>
    </message>
    <message>
        <source>Write a file</source>
        <translation>写入文件</translation>
    </message>
    <message>
        <source>Writes a whole file (every write is kept as a version).</source>
        <translation>写入整个文件（每次写入都保留为一个版本）。</translation>
    </message>
    <message>
        <source>Change part of a file</source>
        <translation>修改文件的一部分</translation>
    </message>
    <message>
        <source>Replaces one passage of a file.</source>
        <translation>替换文件中的一段。</translation>
    </message>
    <message>
        <source>Post to the chat</source>
        <translation>提交到对话</translation>
    </message>
    <message>
        <source>Makes a file the chat&apos;s answer (a commit).</source>
        <translation>把文件作为对话的回答（一次提交）。</translation>
    </message>
    <message>
        <source>Finish the run</source>
        <translation>结束运行</translation>
    </message>
    <message>
        <source>Ends the whole relay; the last post stays the answer.</source>
        <translation>结束整个接力；最后一次提交就是回答。</translation>
    </message>
    <message>
        <source>List story library entries</source>
        <translation>列出故事资料库条目</translation>
    </message>
    <message>
        <source>Lists the project&apos;s characters, places and lore.</source>
        <translation>列出项目中的角色、地点和设定。</translation>
    </message>
    <message>
        <source>Read an entry</source>
        <translation>读取条目</translation>
    </message>
    <message>
        <source>Reads one story library entry.</source>
        <translation>读取一个故事资料库条目。</translation>
    </message>
    <message>
        <source>Search the story library</source>
        <translation>搜索故事资料库</translation>
    </message>
    <message>
        <source>Finds entries by name, alias or text.</source>
        <translation>按名称、别名或正文查找条目。</translation>
    </message>
    <message>
        <source>Add an entry</source>
        <translation>添加条目</translation>
    </message>
    <message>
        <source>Proposes a new story library entry (you approve it).</source>
        <translation>提议一个新的故事资料库条目（由你批准）。</translation>
    </message>
    <message>
        <source>Change an entry</source>
        <translation>修改条目</translation>
    </message>
    <message>
        <source>Proposes a change to an entry (you approve it).</source>
        <translation>提议修改一个条目（由你批准）。</translation>
    </message>
    <message>
        <source>Read a Skill</source>
        <translation>读取技能</translation>
    </message>
    <message>
        <source>Reads the instructions of one of the project&apos;s Skills.</source>
        <translation>读取项目中某个技能的说明。</translation>
    </message>
    <message>
        <source>Write a Skill</source>
        <translation>编写技能</translation>
    </message>
    <message>
        <source>Proposes a new Skill (you approve it).</source>
        <translation>提议一个新技能（由你批准）。</translation>
    </message>
    <message>
        <source>Search the knowledge library</source>
        <translation>搜索知识库</translation>
    </message>
    <message>
        <source>Finds cited passages in the project&apos;s documents.</source>
        <translation>在项目文档中查找带出处的段落。</translation>
    </message>
    <message>
        <source>Have a draft checked</source>
        <translation>请人检查草稿</translation>
    </message>
    <message>
        <source>Asks the consistency reviewer to check a draft against the story library.</source>
        <translation>请一致性审查员对照故事资料库检查草稿。</translation>
    </message>
    <message>
        <source>Ask the rules advisor</source>
        <translation>询问规则顾问</translation>
    </message>
    <message>
        <source>Asks the rules advisor, who cites the knowledge library.</source>
        <translation>询问规则顾问，它会引用知识库作答。</translation>
    </message>
    <message>
        <source>Propose a canon fact</source>
        <translation>提议正典事实</translation>
    </message>
    <message>
        <source>Proposes a fact for the project&apos;s canon, quoting the chat or the posted text word for word (it waits for you unless the project accepts proposals at once).</source>
        <translation>为项目的正典提议一条事实，并逐字引用对话或已提交的文本（除非项目设置为立即批准提议，否则会等待你的批准）。</translation>
    </message>
    <message>
        <source>Working with other agents</source>
        <translation>与其他智能体协作</translation>
    </message>
    <message>
        <source>Files and the answer</source>
        <translation>文件与回答</translation>
    </message>
    <message>
        <source>The story library</source>
        <translation>故事资料库</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>The knowledge library</source>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Reviews</source>
        <translation>审查</translation>
    </message>
    <message>
        <source>The canon</source>
        <translation>正典</translation>
    </message>
    <message>
        <source>Profile name: %1 · the model sees: %2</source>
        <translation>配置中的名称：%1 · 模型看到的名称：%2</translation>
    </message>
    <message>
        <source>To fix: in Tools, allow “Finish the run” or “Hand off the stage”; or untick this.</source>
        <extracomment>Where to fix a problem that one field shows because of another section&apos;s choice.</extracomment>
        <translation>修复方法：在“工具”中允许“结束运行”或“交接阶段”，或取消勾选此项。</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Hand off the stage”.</source>
        <translation>修复方法：勾选此项，或在“工具”中取消勾选“交接阶段”。</translation>
    </message>
    <message>
        <source>To fix: tick this, or in Tools untick “Ask a helper”.</source>
        <translation>修复方法：勾选此项，或在“工具”中取消勾选“请助手帮忙”。</translation>
    </message>
    <message>
        <source>To fix: tick “…as the next stage” or “…as a helper” below, or untick this.</source>
        <translation>修复方法：勾选下方的“…作为下一阶段”或“…作为助手”，或取消勾选此项。</translation>
    </message>
    <message>
        <source>To fix: allow the tool, or untick “Requires approval”.</source>
        <translation>修复方法：允许该工具，或取消勾选“先询问”。</translation>
    </message>
    <message>
        <source>To fix: tick Visible for that folder, or untick Writable.</source>
        <translation>修复方法：为该文件夹勾选“可见”，或取消勾选“可写”。</translation>
    </message>
    <message>
        <source>To fix: choose a connection, or “The default connection”.</source>
        <translation>修复方法：选择一个连接，或选“默认连接”。</translation>
    </message>
    <message>
        <source>To fix: pick one of the server&apos;s models, or type its name.</source>
        <translation>修复方法：选择服务器提供的某个模型，或输入其名称。</translation>
    </message>
    <message>
        <source>To fix: in Delegation and handoff, give one target another tool name.</source>
        <translation>修复方法：在“委派与交接”中为其中一个目标换一个工具名称。</translation>
    </message>
    <message>
        <source>This agent can only end its turn by calling a tool (finish, hand off, or report back). With “Never call tools” it cannot: its run would fail after a few answers without a tool (model.tool_call_required).</source>
        <extracomment>Field path -&gt; the section it sits in (for &quot;shown in Identity&quot; notes in the problems bar).</extracomment>
        <translation>此智能体只能通过调用工具（结束、交接或汇报）来结束回合。选择“从不调用工具”就做不到：它的运行会在几次不调用工具的回答后失败 (model.tool_call_required)。</translation>
    </message>
    <message>
        <source>No other agent takes over from this one yet, so its handoffs would be refused. On the agent that should come next, tick “Other agents may call it” and “…as the next stage”, and let this one call it.</source>
        <translation>目前还没有其他智能体会接手这个智能体的工作，因此它的交接会被拒绝。请在下一个智能体上勾选“其他智能体可以调用它”和“…作为下一阶段”，并允许此智能体调用它。</translation>
    </message>
    <message>
        <source>With 0, every handoff of this agent is refused (agent.handoff_depth_exhausted).</source>
        <translation>设为 0 时，此智能体的每次交接都会被拒绝 (agent.handoff_depth_exhausted)。</translation>
    </message>
    <message>
        <source>No other agent takes side tasks from this one yet, so asking a helper would be refused. On the helper, tick “Other agents may call it” and “…as a helper”, and let this one call it.</source>
        <translation>目前还没有其他智能体会接这个智能体的支线任务，因此请助手帮忙会被拒绝。请在助手上勾选“其他智能体可以调用它”和“…作为助手”，并允许此智能体调用它。</translation>
    </message>
    <message>
        <source>With “Never”, no agent can hand off to it, although it allows itself as the next stage.</source>
        <translation>选择“从不”时，尽管它允许自己作为下一阶段，也没有智能体能交接给它。</translation>
    </message>
</context>
<context>
    <name>WorkspaceSection</name>
    <message>
        <source>another folder, e.g. notes</source>
        <translation>其他文件夹，例如 notes</translation>
    </message>
    <message>
        <source>Another folder</source>
        <translation>另一个文件夹</translation>
    </message>
    <message>
        <source>Add folder</source>
        <translation>添加文件夹</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Visible</source>
        <translation>可见</translation>
    </message>
    <message>
        <source>Writable</source>
        <translation>可写</translation>
    </message>
    <message>
        <source>&lt;b&gt;Folder&lt;/b&gt;</source>
        <translation>&lt;b&gt;文件夹&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Visible&lt;/b&gt;</source>
        <translation>&lt;b&gt;可见&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Writable&lt;/b&gt;</source>
        <translation>&lt;b&gt;可写&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>_EarlyText</name>
    <message>
        <source>Write to your agents…  (it goes to your chat as soon as it opens)</source>
        <extracomment>what the creator types before the real window is ready (its composer takes it over) where key presses go once the real window is there (its composer&apos;s editor)</extracomment>
        <translation>给你的智能体写点什么…（聊天一打开就会移过去）</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
</TS>
